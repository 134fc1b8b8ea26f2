import Foundation

/// Hands out object generations: microseconds since the epoch, strictly increasing even when
/// two writes land in the same microsecond or the wall clock steps back.
struct GenerationClock: Sendable {
    private var last: Int64 = 0

    mutating func next(at now: Date) -> Int64 {
        let micros = Int64((now.timeIntervalSince1970 * 1_000_000).rounded(.down))
        last = max(micros, last < .max ? last + 1 : .max)  // a generation read from outside may be the largest
        return last
    }

    /// Makes every later generation greater than `generation` (one read back from a data directory).
    mutating func advance(past generation: Int64) {
        last = max(last, generation)
    }
}

extension Date {
    /// This instant truncated to whole milliseconds, the precision object timestamps carry.
    var truncatedToMilliseconds: Date {
        Date(timeIntervalSince1970: (timeIntervalSince1970 * 1000).rounded(.down) / 1000)
    }
}

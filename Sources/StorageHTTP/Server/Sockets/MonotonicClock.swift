#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Milliseconds on the monotonic clock, for poll deadlines.
enum MonotonicClock {
    static func milliseconds() -> Int {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return now.tv_sec * 1000 + now.tv_nsec / 1_000_000
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a tiny positive timeout never becomes 0, and capped to fit `poll()`.
    var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let capped = min(seconds, Int64(Int32.max / 1000 - 1))
        let millis = capped * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: millis)
    }
}

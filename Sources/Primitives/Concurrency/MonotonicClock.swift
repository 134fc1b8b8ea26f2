#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The monotonic clock: milliseconds for poll deadlines, nanoseconds where order matters finely.
package enum MonotonicClock {
    package static func milliseconds() -> Int {
        Int(nanoseconds() / 1_000_000)
    }

    package static func nanoseconds() -> UInt64 {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return UInt64(now.tv_sec) &* 1_000_000_000 &+ UInt64(now.tv_nsec)
    }
}

extension Duration {
    /// Whole milliseconds, rounded up so a tiny positive timeout never becomes 0, and capped to fit `poll()`.
    package var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        if seconds < 0 || (seconds == 0 && attoseconds <= 0) { return 0 }
        let capped = min(seconds, Int64(Int32.max / 1000 - 1))
        let millis = capped * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: millis)
    }
}

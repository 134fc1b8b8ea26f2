#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The `Date` header value (IMF-fixdate, e.g. `Sun, 06 Nov 1994 08:49:37 GMT`), formatted once per second.
struct HTTPDateCache {
    private var second = -1
    private var formatted: [UInt8] = []

    mutating func current() -> [UInt8] {
        let now = time(nil)
        if now != second {
            second = now
            formatted = Array(HTTPDate.string(fromSeconds: now).utf8)
        }
        return formatted
    }

}

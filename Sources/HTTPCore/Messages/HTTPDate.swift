import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// HTTP's date format (IMF-fixdate, RFC 9110 §5.6.7: `Sun, 06 Nov 1994 08:49:37 GMT`): the server's `Date` header and
/// the XML API's `Last-Modified` are written in it, `If-Modified-Since` and `If-Unmodified-Since` read from it (a value
/// in another form is ignored, as HTTP says).
package enum HTTPDate {
    private static let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
    private static let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]

    package static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        return string(fromSeconds: time_t(seconds.isFinite ? max(-1e15, min(1e15, seconds)) : 0))
    }

    /// The date `seconds` after 1970-01-01 00:00:00 UTC.
    package static func string(fromSeconds seconds: time_t) -> String {
        var clock = seconds
        var parts = tm()
        gmtime_r(&clock, &parts)
        return "\(days[Int(parts.tm_wday) % 7]), \(two(parts.tm_mday)) \(months[Int(parts.tm_mon) % 12]) "
            + "\(parts.tm_year + 1900) \(two(parts.tm_hour)):\(two(parts.tm_min)):\(two(parts.tm_sec)) GMT"
    }

    /// The date `text` names, or nil when it is not an IMF-fixdate.
    package static func date(from text: String) -> Date? {
        let fields = text.trimmingCharacters(in: .whitespaces).split(separator: " ")
        guard fields.count == 6, fields[0].count == 4, fields[0].hasSuffix(","), fields[5] == "GMT",
            let day = Int32(fields[1]), (1...31).contains(day),
            let month = months.firstIndex(of: String(fields[2])),
            fields[3].count == 4, let year = Int32(fields[3]), year >= 1900
        else { return nil }
        let clock = fields[4].split(separator: ":")
        guard clock.count == 3, clock.allSatisfy({ $0.count == 2 }), let hour = Int32(clock[0]),
            let minute = Int32(clock[1]), let second = Int32(clock[2]), hour < 24, minute < 60, second < 61
        else { return nil }
        var parts = tm()
        parts.tm_year = year - 1900
        parts.tm_mon = Int32(month)
        parts.tm_mday = day
        parts.tm_hour = hour
        parts.tm_min = minute
        parts.tm_sec = second
        return Date(timeIntervalSince1970: TimeInterval(timegm(&parts)))
    }

    private static func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
}

import Foundation

/// The timestamps of object metadata (`timeCreated`, `updated`): written as
/// `yyyy-MM-dd'T'HH:mm:ss.SSS'Z'` in UTC, read as the SDK reads them (`…ss.SSSZZZZZ`).
///
/// Hand-written and stateless, so it is safe from any thread (no shared `DateFormatter`).
public enum StorageDateFormat {
    /// `2024-05-06T07:08:09.123Z`: UTC, always three fraction digits (rounded to the millisecond).
    /// Dates outside the years 0001–9999 (and infinities) are clamped to that range; NaN prints 1970.
    public static func string(from date: Date) -> String {
        let seconds = date.timeIntervalSince1970
        let millis: Int64
        if seconds.isNaN {
            millis = 0
        } else {
            millis = Int64(max(Double(minMillis), min(Double(maxMillis), (seconds * 1000).rounded())))
        }
        let days = CivilCalendar.floorDivide(millis, 86_400_000)
        let millisOfDay = millis - days * 86_400_000
        let (year, month, day) = CivilCalendar.date(fromDays: days)
        let fields: [(value: Int64, width: Int, separator: UInt8)] = [
            (year, 4, UInt8(ascii: "-")), (month, 2, UInt8(ascii: "-")), (day, 2, UInt8(ascii: "T")),
            (millisOfDay / 3_600_000, 2, UInt8(ascii: ":")), (millisOfDay / 60_000 % 60, 2, UInt8(ascii: ":")),
            (millisOfDay / 1000 % 60, 2, UInt8(ascii: ".")), (millisOfDay % 1000, 3, UInt8(ascii: "Z")),
        ]
        return String(unsafeUninitializedCapacity: 24) { buffer in
            var end = 0
            for field in fields {
                var value = field.value
                for position in stride(from: end + field.width - 1, through: end, by: -1) {
                    buffer[position] = UInt8(ascii: "0") + UInt8(value % 10)
                    value /= 10
                }
                buffer[end + field.width] = field.separator
                end += field.width + 1
            }
            return end
        }
    }

    /// Parses `yyyy-MM-ddTHH:mm:ss.fff` followed by a zone: `Z`, `±HHMM` or `±HH:MM`. The fraction has
    /// 1 to 9 digits. Nil without a fraction, without a zone, or with any field out of range.
    public static func date(from text: String) -> Date? {
        var reader = FieldReader(Array(text.utf8))
        guard let year = reader.number(digits: 4), reader.skip("-"),
            let month = reader.number(digits: 2), reader.skip("-"),
            let day = reader.number(digits: 2), reader.skip("T"),
            let hour = reader.number(digits: 2), reader.skip(":"),
            let minute = reader.number(digits: 2), reader.skip(":"),
            let second = reader.number(digits: 2), reader.skip("."),
            let fraction = reader.fraction(),
            let offsetSeconds = reader.zoneOffset(), reader.isAtEnd
        else { return nil }
        guard (1...12).contains(month), (1...daysIn(month: month, year: year)).contains(day),
            hour < 24, minute < 60, second < 60
        else { return nil }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let wholeSeconds = days * 86_400 + hour * 3600 + minute * 60 + second - offsetSeconds
        var scale: Int64 = 1
        for _ in 0..<fraction.digits { scale *= 10 }
        return Date(timeIntervalSince1970: Double(wholeSeconds) + Double(fraction.value) / Double(scale))
    }

    /// 0001-01-01T00:00:00.000Z and 9999-12-31T23:59:59.999Z.
    private static let minMillis: Int64 = -62_135_596_800_000
    private static let maxMillis: Int64 = 253_402_300_799_999

    private static func isLeap(_ year: Int64) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    private static func daysIn(month: Int64, year: Int64) -> Int64 {
        switch month {
        case 2: isLeap(year) ? 29 : 28
        case 4, 6, 9, 11: 30
        default: 31
        }
    }

    /// Reads fixed-width fields from ASCII bytes.
    private struct FieldReader {
        let bytes: [UInt8]
        var position = 0

        init(_ bytes: [UInt8]) { self.bytes = bytes }

        var isAtEnd: Bool { position == bytes.count }

        mutating func skip(_ character: Unicode.Scalar) -> Bool {
            guard position < bytes.count, bytes[position] == UInt8(ascii: character) else { return false }
            position += 1
            return true
        }

        mutating func number(digits: Int) -> Int64? {
            guard bytes.count - position >= digits else { return nil }
            var value: Int64 = 0
            for _ in 0..<digits {
                guard let digit = digit(at: position) else { return nil }
                value = value * 10 + digit
                position += 1
            }
            return value
        }

        /// 1 to 9 digits: their value and how many there were.
        mutating func fraction() -> (value: Int64, digits: Int)? {
            var value: Int64 = 0
            var count = 0
            while let digit = digit(at: position) {
                guard count < 9 else { return nil }
                value = value * 10 + digit
                count += 1
                position += 1
            }
            return count == 0 ? nil : (value, count)
        }

        /// `Z` is 0; `+HHMM`, `+HH:MM`, `-HHMM`, `-HH:MM` are seconds east of UTC.
        mutating func zoneOffset() -> Int64? {
            if skip("Z") { return 0 }
            let sign: Int64
            if skip("+") {
                sign = 1
            } else if skip("-") {
                sign = -1
            } else {
                return nil
            }
            guard let hours = number(digits: 2) else { return nil }
            _ = skip(":")
            guard let minutes = number(digits: 2), hours < 24, minutes < 60 else { return nil }
            return sign * (hours * 3600 + minutes * 60)
        }

        private func digit(at index: Int) -> Int64? {
            guard index < bytes.count, ASCII.isDigit(bytes[index]) else {
                return nil
            }
            return Int64(bytes[index] - UInt8(ascii: "0"))
        }
    }
}

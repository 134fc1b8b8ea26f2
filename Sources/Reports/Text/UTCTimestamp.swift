import Foundation

/// Calendar date and time of a `Date` in UTC, computed without locale or calendar settings.
///
/// Dates outside years 1–9999 (or not finite) are shown as the Unix epoch, so every output still
/// matches `YYYY-MM-DDTHH:MM:SS`.
struct UTCTimestamp: Equatable {
    var year: Int
    var month: Int
    var day: Int
    var hour: Int
    var minute: Int
    var second: Int
    var millisecond: Int

    /// Seconds from 1970 to 0001-01-01 and to 10000-01-01.
    private static let supportedRange: ClosedRange<Double> = -62_135_596_800...253_402_300_799.999

    init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let seconds = interval.isFinite && Self.supportedRange.contains(interval) ? interval : 0
        let totalMilliseconds = Int64((seconds * 1000).rounded(.down))
        let (days, millisecondOfDay) = Self.floorDivide(totalMilliseconds, 86_400_000)
        (year, month, day) = Self.civilDate(daysSince1970: days)
        let secondOfDay = Int(millisecondOfDay / 1000)
        hour = secondOfDay / 3600
        minute = secondOfDay / 60 % 60
        second = secondOfDay % 60
        millisecond = Int(millisecondOfDay % 1000)
    }

    /// `2024-02-29T13:05:09`: the JUnit form, no fraction and no zone.
    var junit: String {
        String(format: "%04ld-%02ld-%02ldT%02ld:%02ld:%02ld", year, month, day, hour, minute, second)
    }

    /// `2024-02-29T13:05:09.120Z`: ISO 8601 in UTC with milliseconds.
    var iso8601: String {
        junit + String(format: ".%03ldZ", millisecond)
    }

    private static func floorDivide(_ value: Int64, _ divisor: Int64) -> (quotient: Int64, remainder: Int64) {
        let remainder = (value % divisor + divisor) % divisor
        return ((value - remainder) / divisor, remainder)
    }

    /// Proleptic Gregorian date of a day count from 1970-01-01, via 400-year eras of 146 097 days.
    private static func civilDate(daysSince1970 days: Int64) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468  // days from 0000-03-01
        let era = floorDivide(shifted, 146_097)
        let dayOfEra = era.remainder
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153  // 0 = March
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era.quotient * 400 + (month <= 2 ? 1 : 0)
        return (Int(year), Int(month), Int(day))
    }
}

import Foundation
import Primitives

/// `timestamp`: an instant in UTC with nanosecond precision, 0001-01-01 to 9999-12-31.
struct Timestamp: Sendable, Hashable, Comparable {
    var seconds: Int64
    var nanos: Int32

    /// Seconds from 1970 to 0001-01-01T00:00:00Z and to 10000-01-01T00:00:00Z.
    static let minimumSeconds: Int64 = -62_135_596_800
    static let endSeconds: Int64 = 253_402_300_800

    init?(seconds: Int64, nanos: Int32) {
        guard seconds >= Self.minimumSeconds, seconds < Self.endSeconds, (0..<1_000_000_000).contains(nanos) else {
            return nil
        }
        self.seconds = seconds
        self.nanos = nanos
    }

    init(_ date: Date) {
        let interval = date.timeIntervalSince1970
        let whole = interval.rounded(.down)
        let clamped = min(max(whole, Double(Self.minimumSeconds)), Double(Self.endSeconds - 1))
        seconds = Int64(clamped)
        nanos = clamped == whole ? Int32(min(max((interval - whole) * 1e9, 0), 999_999_999)) : 0
    }

    static func < (lhs: Timestamp, rhs: Timestamp) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }

    /// The calendar date in UTC (proleptic Gregorian), from the days since 1970-01-01.
    var civil: (year: Int64, month: Int64, day: Int64) { CivilCalendar.date(fromDays: days) }

    var days: Int64 { CivilCalendar.floorDivide(seconds, 86_400) }

    var secondOfDay: Int64 { seconds - days * 86_400 }
}

/// `duration`: a signed span with nanosecond precision; `nanos` has the sign of `seconds` (or is 0).
struct RulesDuration: Sendable, Hashable, Comparable {
    var seconds: Int64
    var nanos: Int32

    /// From a total of nanoseconds split as seconds and the remainder, each with the same sign.
    init(seconds: Int64, nanos: Int64) throws(EvaluationError) {
        let (extra, remainder) = nanos.quotientAndRemainder(dividingBy: 1_000_000_000)
        var total = try checked(seconds.addingReportingOverflow(extra))
        var rest = remainder
        if total > 0 && rest < 0 {
            total -= 1
            rest += 1_000_000_000
        } else if total < 0 && rest > 0 {
            total += 1
            rest -= 1_000_000_000
        }
        self.seconds = total
        self.nanos = Int32(rest)
    }

    static func < (lhs: RulesDuration, rhs: RulesDuration) -> Bool {
        (lhs.seconds, lhs.nanos) < (rhs.seconds, rhs.nanos)
    }
}

/// The value of an operation that reports overflow, or an error.
func checked(_ result: (partialValue: Int64, overflow: Bool)) throws(EvaluationError) -> Int64 {
    if result.overflow { throw EvaluationError("integer overflow") }
    return result.partialValue
}

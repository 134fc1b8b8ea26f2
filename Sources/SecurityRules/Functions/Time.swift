import Primitives

/// `timestamp.*`, `duration.*` and the methods of timestamps and durations (all in UTC).
enum Time {
    /// `timestamp.date(year, month, day)`.
    static func date(_ arguments: [Value]) throws(EvaluationError) -> Value {
        guard case .int(let year) = arguments[0], case .int(let month) = arguments[1], case .int(let day) = arguments[2]
        else { throw EvaluationError("timestamp.date takes three ints") }
        guard (1...9999).contains(year), (1...12).contains(month), (1...31).contains(day) else {
            throw EvaluationError("timestamp.date(\(year), \(month), \(day)) is not a date")
        }
        let days = CivilCalendar.days(year: year, month: month, day: day)
        let check = CivilCalendar.date(fromDays: days)
        guard check.month == month, check.day == day,
            let result = Timestamp(seconds: days * 86_400, nanos: 0)
        else { throw EvaluationError("timestamp.date(\(year), \(month), \(day)) is not a date") }
        return .timestamp(result)
    }

    /// `timestamp.value(epochMillis)`.
    static func fromMillis(_ value: Value) throws(EvaluationError) -> Value {
        guard case .int(let millis) = value else { throw EvaluationError("timestamp.value takes an int") }
        var (seconds, remainder) = millis.quotientAndRemainder(dividingBy: 1000)
        if remainder < 0 {
            seconds -= 1
            remainder += 1000
        }
        guard let result = Timestamp(seconds: seconds, nanos: Int32(remainder) * 1_000_000) else {
            throw EvaluationError("timestamp.value(\(millis)) is out of range")
        }
        return .timestamp(result)
    }

    /// Nanoseconds in each unit `duration.value` takes.
    private static let units: [String: Int64] = [
        "w": 604_800_000_000_000, "d": 86_400_000_000_000, "h": 3_600_000_000_000, "m": 60_000_000_000,
        "s": 1_000_000_000, "ms": 1_000_000, "ns": 1,
    ]

    /// `duration.value(magnitude, unit)`.
    static func duration(_ magnitude: Value, unit: Value) throws(EvaluationError) -> Value {
        guard case .int(let count) = magnitude, case .string(let name) = unit else {
            throw EvaluationError("duration.value takes an int and a unit string")
        }
        guard let nanosPerUnit = units[name] else {
            throw EvaluationError("unknown duration unit '\(name)' (w, d, h, m, s, ms, ns)")
        }
        if nanosPerUnit >= 1_000_000_000 {
            let seconds = try checked(count.multipliedReportingOverflow(by: nanosPerUnit / 1_000_000_000))
            return .duration(try RulesDuration(seconds: seconds, nanos: 0))
        }
        let (seconds, rest) = count.quotientAndRemainder(dividingBy: 1_000_000_000 / nanosPerUnit)
        return .duration(try RulesDuration(seconds: seconds, nanos: rest * nanosPerUnit))
    }

    /// `duration.time(hours, minutes, seconds, nanos)`.
    static func duration(hours arguments: [Value]) throws(EvaluationError) -> Value {
        var parts: [Int64] = []
        for argument in arguments {
            guard case .int(let number) = argument else { throw EvaluationError("duration.time takes four ints") }
            parts.append(number)
        }
        let hours = try checked(parts[0].multipliedReportingOverflow(by: 3600))
        let minutes = try checked(parts[1].multipliedReportingOverflow(by: 60))
        let seconds = try checked(try checked(hours.addingReportingOverflow(minutes)).addingReportingOverflow(parts[2]))
        return .duration(try RulesDuration(seconds: seconds, nanos: parts[3]))
    }

    static func method(_ method: Method, of time: Timestamp) throws(EvaluationError) -> Value {
        let civil = time.civil
        let second = time.secondOfDay
        switch method {
        case .year: return .int(civil.year)
        case .month: return .int(civil.month)
        case .day: return .int(civil.day)
        case .hours: return .int(second / 3600)
        case .minutes: return .int(second / 60 % 60)
        case .seconds: return .int(second % 60)
        case .nanos: return .int(Int64(time.nanos))
        case .toMillis:
            return .int(time.seconds * 1000 + Int64(time.nanos) / 1_000_000)
        case .date:
            guard let midnight = Timestamp(seconds: time.days * 86_400, nanos: 0) else {
                throw EvaluationError("timestamp out of range")
            }
            return .timestamp(midnight)
        case .time: return .duration(try RulesDuration(seconds: second, nanos: Int64(time.nanos)))
        case .dayOfWeek:
            // 1970-01-01 was a Thursday; 1 is Monday, 7 Sunday.
            let weekday = ((time.days % 7) + 7 + 3) % 7
            return .int(weekday + 1)
        case .dayOfYear:
            let first = CivilCalendar.days(year: civil.year, month: 1, day: 1)
            return .int(time.days - first + 1)
        default:
            throw EvaluationError("timestamp has no method '\(method.rawValue)'")
        }
    }

    static func method(_ method: Method, of span: RulesDuration) throws(EvaluationError) -> Value {
        switch method {
        case .seconds: return .int(span.seconds)
        case .nanos: return .int(Int64(span.nanos))
        default: throw EvaluationError("duration has no method '\(method.rawValue)'")
        }
    }
}

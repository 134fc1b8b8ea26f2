import Foundation

/// The functions called by name: conversions, `timestamp.*`, `duration.*`, `math.*`, `hashing.*`.
enum Builtins {
    static func call(_ builtin: Builtin, _ arguments: [Value]) throws(EvaluationError) -> Value {
        let first = arguments[0]
        switch builtin {
        case .int: return try toInt(first)
        case .float: return try toFloat(first)
        case .string: return try toString(first)
        case .bool:
            switch first {
            case .bool: return first
            case .string("true"): return .bool(true)
            case .string("false"): return .bool(false)
            default: throw EvaluationError("bool() cannot convert \(first.typeName)")
            }
        case .debug: return first
        case .path:
            guard case .string(let text) = first else { throw EvaluationError("path() takes a string") }
            return .path(text)
        case .timestampDate: return try Time.date(arguments)
        case .timestampValue: return try Time.fromMillis(first)
        case .durationValue: return try Time.duration(first, unit: arguments[1])
        case .durationTime: return try Time.duration(hours: arguments)
        case .durationAbs:
            guard case .duration(let span) = first else { throw EvaluationError("duration.abs takes a duration") }
            guard span.seconds < 0 || span.nanos < 0 else { return first }
            return .duration(
                try RulesDuration(
                    seconds: try checked((0 as Int64).subtractingReportingOverflow(span.seconds)),
                    nanos: -Int64(span.nanos)))
        case .mathAbs:
            switch first {
            case .int(let number):
                return .int(try checked((0 as Int64).subtractingReportingOverflow(number < 0 ? number : -number)))
            case .float(let number): return .float(abs(number))
            default: throw EvaluationError("math.abs takes a number")
            }
        case .mathCeil: return try rounded(first, .up, "math.ceil")
        case .mathFloor: return try rounded(first, .down, "math.floor")
        case .mathRound: return try rounded(first, .toNearestOrAwayFromZero, "math.round")
        case .mathIsInfinite: return .bool(try number(first, "math.isInfinite").isInfinite)
        case .mathIsNaN: return .bool(try number(first, "math.isNaN").isNaN)
        case .mathSqrt: return .float(try number(first, "math.sqrt").squareRoot())
        case .mathPow: return .float(pow(try number(first, "math.pow"), try number(arguments[1], "math.pow")))
        case .hashingCrc32: return .bytes(Hashing.crc32(try hashInput(first)))
        case .hashingCrc32c: return .bytes(Hashing.crc32c(try hashInput(first)))
        case .hashingMd5: return .bytes(Hashing.md5(try hashInput(first)))
        case .hashingSha256: return .bytes(Hashing.sha256(try hashInput(first)))
        case .firestoreGet, .firestoreExists:
            throw EvaluationError("\(builtin.rawValue) reads Cloud Firestore, which this engine does not have")
        }
    }

    private static func number(_ value: Value, _ name: String) throws(EvaluationError) -> Double {
        guard let number = Evaluator.double(value) else { throw EvaluationError("\(name) takes a number") }
        return number
    }

    /// `math.ceil`, `math.floor`, `math.round`: an int stays; a float becomes the int it rounds to.
    private static func rounded(_ value: Value, _ rule: FloatingPointRoundingRule, _ name: String)
        throws(EvaluationError) -> Value
    {
        switch value {
        case .int: return value
        case .float(let number):
            guard let result = Int64(exactly: number.rounded(rule)) else {
                throw EvaluationError("\(name): \(number) has no int value")
            }
            return .int(result)
        default: throw EvaluationError("\(name) takes a number")
        }
    }

    private static func hashInput(_ value: Value) throws(EvaluationError) -> [UInt8] {
        switch value {
        case .string(let text): return Array(text.utf8)
        case .bytes(let bytes): return bytes
        default: throw EvaluationError("hashing takes a string or bytes, not \(value.typeName)")
        }
    }

    static func toInt(_ value: Value) throws(EvaluationError) -> Value {
        switch value {
        case .int: return value
        case .float(let number):
            guard let result = Int64(exactly: number.rounded(.towardZero)) else {
                throw EvaluationError("int(): \(number) does not fit an int")
            }
            return .int(result)
        case .string(let text):
            guard let result = Int64(text.trimmingCharacters(in: .whitespaces)) else {
                throw EvaluationError("int(): '\(text)' is not an integer")
            }
            return .int(result)
        default:
            throw EvaluationError("int() cannot convert \(value.typeName)")
        }
    }

    static func toFloat(_ value: Value) throws(EvaluationError) -> Value {
        switch value {
        case .float: return value
        case .int(let number): return .float(Double(number))
        case .string(let text):
            guard let result = Double(text.trimmingCharacters(in: .whitespaces)) else {
                throw EvaluationError("float(): '\(text)' is not a number")
            }
            return .float(result)
        default:
            throw EvaluationError("float() cannot convert \(value.typeName)")
        }
    }

    static func toString(_ value: Value) throws(EvaluationError) -> Value {
        switch value {
        case .string: return value
        case .null: return .string("null")
        case .bool(let flag): return .string(flag ? "true" : "false")
        case .int(let number): return .string(String(number))
        case .float(let number): return .string(String(number))
        case .path(let text): return .string(text)
        default: throw EvaluationError("string() cannot convert \(value.typeName)")
        }
    }
}

/// The operators: numbers mix (an int with a float gives a float), integer arithmetic reports overflow and
/// division by zero as errors, and a type the operator does not take is an error.
extension Evaluator {
    func unary(_ operation: UnaryOperator, _ value: Value) throws(EvaluationError) -> Value {
        switch (operation, value) {
        case (.not, .bool(let flag)): return .bool(!flag)
        case (.negate, .int(let number)): return .int(try checked((0 as Int64).subtractingReportingOverflow(number)))
        case (.negate, .float(let number)): return .float(-number)
        case (.negate, .duration(let span)):
            return .duration(
                try RulesDuration(
                    seconds: try checked((0 as Int64).subtractingReportingOverflow(span.seconds)),
                    nanos: -Int64(span.nanos)))
        default:
            throw EvaluationError("operator '\(operation.rawValue)' cannot apply to \(value.typeName)")
        }
    }

    /// `==`: a part of the request is compared as the map it stands for, except where the answer is known without
    /// building that map (`request.auth != null`, the most common condition): a part is never null, and equals itself.
    /// The comparison is charged the size of both sides, shared parts counted each time (it walks them so).
    mutating func equal(_ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Bool {
        switch (lhs, rhs) {
        case (.reference, .null), (.null, .reference): return false
        case (.reference(let left), .reference(let right)) where left == right: return true
        default:
            let left = materialized(lhs)
            let right = materialized(rhs)
            try budget.chargeWalk(of: left)
            try budget.chargeWalk(of: right)
            return left == right
        }
    }

    mutating func binary(_ operation: BinaryOperator, _ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
        switch operation {
        case .equal: return .bool(try equal(lhs, rhs))
        case .notEqual: return .bool(try !equal(lhs, rhs))
        case .less, .lessEqual, .greater, .greaterEqual:
            guard let order = Self.compare(lhs, rhs) else {
                throw EvaluationError(
                    "operator '\(operation.rawValue)' cannot compare \(lhs.typeName) with \(rhs.typeName)")
            }
            switch operation {
            case .less: return .bool(order < 0)
            case .lessEqual: return .bool(order <= 0)
            case .greater: return .bool(order > 0)
            default: return .bool(order >= 0)
            }
        case .in:
            let container = materialized(rhs)
            try budget.chargeWalk(of: container)
            try budget.chargeWalk(of: lhs)
            switch container {
            case .list(let items): return .bool(items.contains(materialized(lhs)))
            case .set(let items): return .bool(items.contains(materialized(lhs)))
            case .map(let entries):
                guard case .string(let key) = lhs else {
                    throw EvaluationError("'in' looks up a string key in a map, not \(lhs.typeName)")
                }
                return .bool(entries[key] != nil)
            default:
                throw EvaluationError("'in' needs a list, set or map on its right, not \(rhs.typeName)")
            }
        case .add, .subtract, .multiply, .divide, .remainder:
            return try arithmetic(operation, lhs, rhs)
        }
    }

    private func arithmetic(_ operation: BinaryOperator, _ lhs: Value, _ rhs: Value) throws(EvaluationError) -> Value {
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)):
            switch operation {
            case .add: return .int(try checked(a.addingReportingOverflow(b)))
            case .subtract: return .int(try checked(a.subtractingReportingOverflow(b)))
            case .multiply: return .int(try checked(a.multipliedReportingOverflow(by: b)))
            case .divide:
                guard b != 0 else { throw EvaluationError("division by zero") }
                return .int(try checked(a.dividedReportingOverflow(by: b)))
            default:
                guard b != 0 else { throw EvaluationError("modulo by zero") }
                return .int(try checked(a.remainderReportingOverflow(dividingBy: b)))
            }
        case (.int, .float), (.float, .int), (.float, .float):
            guard let a = Self.double(lhs), let b = Self.double(rhs) else { break }
            switch operation {
            case .add: return .float(a + b)
            case .subtract: return .float(a - b)
            case .multiply: return .float(a * b)
            case .divide: return .float(a / b)
            default: return .float(a.truncatingRemainder(dividingBy: b))
            }
        case (.string(let a), .string(let b)) where operation == .add:
            guard a.utf8.count + b.utf8.count <= RulesLimits.valueBytes else {
                throw EvaluationError("string longer than \(RulesLimits.valueBytes) bytes")
            }
            return .string(a + b)
        case (.list(let a), .list(let b)) where operation == .add:
            guard a.count + b.count <= RulesLimits.collectionElements else {
                throw EvaluationError("list longer than \(RulesLimits.collectionElements) elements")
            }
            return .list(a + b)
        case (.timestamp(let time), .duration(let span)) where operation == .add || operation == .subtract:
            return .timestamp(try Self.shift(time, by: span, negate: operation == .subtract))
        case (.duration(let span), .timestamp(let time)) where operation == .add:
            return .timestamp(try Self.shift(time, by: span, negate: false))
        case (.timestamp(let a), .timestamp(let b)) where operation == .subtract:
            return .duration(
                try RulesDuration(seconds: a.seconds - b.seconds, nanos: Int64(a.nanos) - Int64(b.nanos)))
        case (.duration(let a), .duration(let b)) where operation == .add || operation == .subtract:
            let sign: Int64 = operation == .add ? 1 : -1
            return .duration(
                try RulesDuration(
                    seconds: try checked(
                        a.seconds.addingReportingOverflow(try checked(sign.multipliedReportingOverflow(by: b.seconds)))),
                    nanos: Int64(a.nanos) + sign * Int64(b.nanos)))
        default:
            break
        }
        throw EvaluationError("operator '\(operation.rawValue)' cannot apply to \(lhs.typeName) and \(rhs.typeName)")
    }

    private static func shift(_ time: Timestamp, by span: RulesDuration, negate: Bool) throws(EvaluationError)
        -> Timestamp
    {
        let sign: Int64 = negate ? -1 : 1
        let shifted = try RulesDuration(
            seconds: try checked(
                time.seconds.addingReportingOverflow(try checked(sign.multipliedReportingOverflow(by: span.seconds)))),
            nanos: Int64(time.nanos) + sign * Int64(span.nanos))
        var seconds = shifted.seconds
        var nanos = shifted.nanos
        if nanos < 0 {
            seconds -= 1
            nanos += 1_000_000_000
        }
        guard let result = Timestamp(seconds: seconds, nanos: nanos) else {
            throw EvaluationError("timestamp out of range (0001-01-01 to 9999-12-31)")
        }
        return result
    }

    static func double(_ value: Value) -> Double? {
        switch value {
        case .int(let number): Double(number)
        case .float(let number): number
        default: nil
        }
    }

    /// -1, 0 or 1; nil when the two cannot be ordered.
    static func compare(_ lhs: Value, _ rhs: Value) -> Int? {
        func order<T: Comparable>(_ a: T, _ b: T) -> Int { a < b ? -1 : (a == b ? 0 : 1) }
        switch (lhs, rhs) {
        case (.int(let a), .int(let b)): return order(a, b)
        case (.int, .float), (.float, .int), (.float, .float):
            guard let a = double(lhs), let b = double(rhs), !a.isNaN, !b.isNaN else { return nil }
            return order(a, b)
        case (.string(let a), .string(let b)):
            if a == b { return 0 }
            return a.unicodeScalars.lexicographicallyPrecedes(b.unicodeScalars) ? -1 : 1
        case (.timestamp(let a), .timestamp(let b)): return order(a, b)
        case (.duration(let a), .duration(let b)): return order(a, b)
        case (.bytes(let a), .bytes(let b)):
            if a == b { return 0 }
            return a.lexicographicallyPrecedes(b) ? -1 : 1
        default: return nil
        }
    }
}

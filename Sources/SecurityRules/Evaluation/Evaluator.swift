import Foundation

/// Evaluates conditions for one request. Errors are values of the language here: each one is thrown up to the
/// nearest `&&`, `||` or `allow`, which decide what it means.
struct Evaluator {
    let functions: [CompiledFunction]
    let request: RulesRequest
    /// The path variables of the matched chain; nil for the listed folder's unknown child.
    var captures: [Value?]
    private(set) var steps = 0
    private var callDepth = 0
    /// `request.auth.token` once converted.
    var token: Value?

    init(functions: [CompiledFunction], request: RulesRequest, captureCount: Int) {
        self.functions = functions
        self.request = request
        captures = Array(repeating: nil, count: captureCount)
    }

    /// Whether `condition` holds; an error or a non-bool result is thrown.
    mutating func holds(_ condition: Node) throws(EvaluationError) -> Bool {
        let value = try evaluate(condition, [])
        guard case .bool(let result) = value else {
            throw EvaluationError("the condition is \(value.typeName), not bool")
        }
        return result
    }

    mutating func evaluate(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        steps += 1
        if steps > RulesLimits.expressionsPerRequest {
            throw EvaluationError(
                "more than \(RulesLimits.expressionsPerRequest) expressions evaluated for one request", isLimit: true)
        }
        switch node {
        case .constant(let value):
            return value
        case .local(let slot):
            return frame[slot]
        case .capture(let slot, let name, let position):
            guard let value = captures[slot] else {
                throw EvaluationError(
                    "'\(name)' is bound to the listed folder's child, whose name a list does not know", at: position)
            }
            return value
        case .reference(let reference):
            return reference == .resource && request.resource == nil ? .null : .reference(reference)
        case .member(let base, let field, let position):
            let value = try evaluate(base, frame)
            do { return try member(field, of: value) } catch { throw error.placed(at: position) }
        case .index(let base, let index, let position):
            let value = try evaluate(base, frame)
            let key = try evaluate(index, frame)
            do { return try self.index(value, key) } catch { throw error.placed(at: position) }
        case .slice(let base, let start, let end, let position):
            let value = try evaluate(base, frame)
            let from = try start.map { (node) throws(EvaluationError) -> Value in try evaluate(node, frame) }
            let to = try end.map { (node) throws(EvaluationError) -> Value in try evaluate(node, frame) }
            do { return try slice(value, from, to) } catch { throw error.placed(at: position) }
        case .unary(let operation, let operand, let position):
            let value = try evaluate(operand, frame)
            do { return try unary(operation, value) } catch { throw error.placed(at: position) }
        case .binary(let operation, let left, let right, let position):
            let lhs = try evaluate(left, frame)
            let rhs = try evaluate(right, frame)
            do { return try binary(operation, lhs, rhs) } catch { throw error.placed(at: position) }
        case .logical(let isAnd, let operands):
            return try logical(isAnd: isAnd, operands, frame)
        case .conditional(let condition, let whenTrue, let whenFalse, let position):
            guard case .bool(let test) = try evaluate(condition, frame) else {
                throw EvaluationError("the condition of '?:' is not bool", at: position)
            }
            return try evaluate(test ? whenTrue : whenFalse, frame)
        case .list(let items, let position):
            var values: [Value] = []
            values.reserveCapacity(items.count)
            for item in items { values.append(try evaluate(item, frame)) }
            _ = position
            return .list(values)
        case .map(let entries, let position):
            var values: [String: Value] = [:]
            for entry in entries {
                guard case .string(let key) = try evaluate(entry.key, frame) else {
                    throw EvaluationError("map keys must be strings", at: position)
                }
                values[key] = try evaluate(entry.value, frame)
            }
            return .map(values)
        case .path(let parts, let position):
            var text = ""
            for part in parts {
                text += "/"
                switch part {
                case .literal(let literal): text += literal
                case .interpolated(let inner):
                    switch try evaluate(inner, frame) {
                    case .string(let segment): text += segment
                    case .int(let number): text += String(number)
                    case let other:
                        throw EvaluationError("a path cannot hold a \(other.typeName)", at: position)
                    }
                }
            }
            return .path(text)
        case .isType(let value, let type):
            return .bool(Self.value(try evaluate(value, frame), is: type))
        case .call(let index, let arguments, let position):
            return try call(index, arguments, frame, at: position)
        case .builtin(let builtin, let arguments, let position):
            var values: [Value] = []
            for argument in arguments { values.append(try evaluate(argument, frame)) }
            do { return try Builtins.call(builtin, values) } catch { throw error.placed(at: position) }
        case .method(let receiver, let method, let arguments, let position):
            let value = try evaluate(receiver, frame)
            var values: [Value] = []
            for argument in arguments { values.append(try evaluate(argument, frame)) }
            do { return try Methods.call(method, on: materialized(value), values, regex: nil) } catch {
                throw error.placed(at: position)
            }
        case .regexMethod(let receiver, let method, let regex, let arguments, let position):
            let value = try evaluate(receiver, frame)
            var values: [Value] = [.string(regex.pattern)]
            for argument in arguments { values.append(try evaluate(argument, frame)) }
            do { return try Methods.call(method, on: value, values, regex: regex) } catch {
                throw error.placed(at: position)
            }
        }
    }

    private mutating func logical(isAnd: Bool, _ operands: [Node], _ frame: [Value]) throws(EvaluationError)
        -> Value
    {
        var pending: EvaluationError?
        for operand in operands {
            do {
                let value = try evaluate(operand, frame)
                guard case .bool(let result) = value else {
                    pending = pending ?? EvaluationError("'\(isAnd ? "&&" : "||")' needs bool, not \(value.typeName)")
                    continue
                }
                if result != isAnd { return .bool(result) }
            } catch {
                if error.isLimit { throw error }
                pending = pending ?? error
            }
        }
        if let pending { throw pending }
        return .bool(isAnd)
    }

    private mutating func call(_ index: Int, _ arguments: [Node], _ frame: [Value], at position: SourcePosition)
        throws(EvaluationError) -> Value
    {
        let function = functions[index]
        var locals: [Value] = []
        locals.reserveCapacity(function.parameterCount + function.lets.count)
        for argument in arguments { locals.append(try evaluate(argument, frame)) }
        callDepth += 1
        defer { callDepth -= 1 }
        if callDepth > RulesLimits.callDepth {
            throw EvaluationError(
                "function calls nest deeper than \(RulesLimits.callDepth)", at: position, isLimit: true)
        }
        for binding in function.lets { locals.append(try evaluate(binding, locals)) }
        return try evaluate(function.result, locals)
    }

    static func value(_ value: Value, is type: RulesType) -> Bool {
        switch (type, value) {
        case (.bool, .bool), (.bytes, .bytes), (.duration, .duration), (.float, .float), (.int, .int),
            (.list, .list), (.map, .map), (.map, .reference), (.mapDiff, .mapDiff), (.number, .int),
            (.number, .float), (.path, .path), (.set, .set), (.string, .string), (.timestamp, .timestamp):
            true
        default:
            false
        }
    }
}

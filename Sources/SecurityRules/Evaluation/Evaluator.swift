import Foundation

/// Evaluates conditions for one request. Errors are values of the language here: each one is thrown up to the
/// nearest `&&`, `||` or `allow`, which decide what it means.
struct Evaluator {
    let functions: [CompiledFunction]
    let request: RulesRequest
    /// The path variables of the matched chain; nil for the listed folder's unknown child.
    var captures: [Value?]
    private(set) var steps = 0
    /// Nested evaluations now (the native recursion), bounded by `RulesLimits.evaluationDepth`.
    private var depth = 0
    private var callDepth = 0
    /// `request.auth.token` once converted.
    var token: Value?
    /// The fields of `request.resource` read so far (all of them when it was read whole).
    var incomingRead: Set<String> = []
    /// The work, memory and time this decision has spent.
    var budget = Budget()

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

    /// Each compound case is its own function, so that one level of nesting costs a small stack frame (debug
    /// builds give a function one frame slot for every local of every case).
    mutating func evaluate(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        steps += 1
        depth += 1
        defer { depth -= 1 }
        if steps > RulesLimits.expressionsPerRequest || depth > RulesLimits.evaluationDepth { throw limitError() }
        if steps & 15 == 0 { try budget.checkClock() }
        switch node {
        case .constant, .local, .reference: return try evaluateLeaf(node, frame)
        case .capture: return try evaluateCapture(node)
        case .member: return try evaluateMember(node, frame)
        case .index: return try evaluateIndex(node, frame)
        case .slice: return try evaluateSlice(node, frame)
        case .unary: return try evaluateUnary(node, frame)
        case .binary: return try evaluateBinary(node, frame)
        case .logical: return try evaluateLogical(node, frame)
        case .conditional: return try evaluateConditional(node, frame)
        case .list: return try evaluateList(node, frame)
        case .map: return try evaluateMap(node, frame)
        case .path: return try evaluatePath(node, frame)
        case .isType: return try evaluateIsType(node, frame)
        case .call: return try evaluateCall(node, frame)
        case .builtin: return try evaluateBuiltin(node, frame)
        case .method, .regexMethod: return try evaluateMethod(node, frame)
        }
    }

    /// `value`, a value just made, counted against the memory budget (and its making against the work budget).
    private mutating func built(_ value: Value) throws(EvaluationError) -> Value {
        let bytes = Budget.shallowBytes(of: value)
        if bytes > 0 {
            try budget.allocate(bytes)
            try budget.charge(bytes)
        }
        return value
    }

    @inline(never)
    private func limitError() -> EvaluationError {
        if steps > RulesLimits.expressionsPerRequest {
            return EvaluationError(
                "more than \(RulesLimits.expressionsPerRequest) expressions evaluated for one request", isLimit: true)
        }
        return EvaluationError(
            "expressions and function calls nest deeper than \(RulesLimits.evaluationDepth) levels", isLimit: true)
    }

    @inline(never)
    private func evaluateLeaf(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        switch node {
        case .constant(let value): return value
        case .local(let slot): return frame[slot]
        case .reference(let reference):
            return reference == .resource && request.resource == nil ? .null : .reference(reference)
        default: throw Self.misrouted
        }
    }

    /// For a helper handed a node of another case, which the dispatch above never does.
    private static let misrouted = EvaluationError("internal error: node given to the wrong evaluator")

    @inline(never)
    private func evaluateCapture(_ node: Node) throws(EvaluationError) -> Value {
        guard case .capture(let slot, let name, let position) = node else { throw Self.misrouted }
        guard let value = captures[slot] else {
            throw EvaluationError(
                "'\(name)' is bound to the listed folder's child, whose name a list does not know", at: position)
        }
        return value
    }

    @inline(never)
    private mutating func evaluateMember(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .member(let base, let field, let position) = node else { throw Self.misrouted }
        let value = try evaluate(base, frame)
        do { return try member(field, of: value) } catch { throw error.placed(at: position) }
    }

    @inline(never)
    private mutating func evaluateIndex(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .index(let base, let index, let position) = node else { throw Self.misrouted }
        let value = try evaluate(base, frame)
        let key = try evaluate(index, frame)
        do { return try self.index(value, key) } catch { throw error.placed(at: position) }
    }

    @inline(never)
    private mutating func evaluateSlice(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .slice(let base, let start, let end, let position) = node else { throw Self.misrouted }
        let value = try evaluate(base, frame)
        let from = try start.map { (node) throws(EvaluationError) -> Value in try evaluate(node, frame) }
        let to = try end.map { (node) throws(EvaluationError) -> Value in try evaluate(node, frame) }
        do { return try built(try slice(value, from, to)) } catch { throw error.placed(at: position) }
    }

    @inline(never)
    private mutating func evaluateUnary(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .unary(let operation, let operand, let position) = node else { throw Self.misrouted }
        let value = try evaluate(operand, frame)
        do { return try unary(operation, value) } catch { throw error.placed(at: position) }
    }

    @inline(never)
    private mutating func evaluateBinary(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .binary(let operation, let left, let right, let position) = node else { throw Self.misrouted }
        let lhs = try evaluate(left, frame)
        let rhs = try evaluate(right, frame)
        do { return try built(try binary(operation, lhs, rhs)) } catch { throw error.placed(at: position) }
    }

    @inline(never)
    private mutating func evaluateConditional(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .conditional(let condition, let whenTrue, let whenFalse, let position) = node else {
            throw Self.misrouted
        }
        guard case .bool(let test) = try evaluate(condition, frame) else {
            throw EvaluationError("the condition of '?:' is not bool", at: position)
        }
        return try evaluate(test ? whenTrue : whenFalse, frame)
    }

    @inline(never)
    private mutating func evaluateList(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .list(let items, _) = node else { throw Self.misrouted }
        var values: [Value] = []
        values.reserveCapacity(items.count)
        for item in items { values.append(try evaluate(item, frame)) }
        return try built(.list(values))
    }

    @inline(never)
    private mutating func evaluateMap(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .map(let entries, let position) = node else { throw Self.misrouted }
        var values: [String: Value] = [:]
        for entry in entries {
            guard case .string(let key) = try evaluate(entry.key, frame) else {
                throw EvaluationError("map keys must be strings", at: position)
            }
            values[key] = try evaluate(entry.value, frame)
        }
        return try built(.map(values))
    }

    @inline(never)
    private mutating func evaluatePath(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .path(let parts, let position) = node else { throw Self.misrouted }
        var text = ""
        for part in parts {
            text += "/"
            switch part {
            case .literal(let literal): text += literal
            case .interpolated(let inner):
                switch try evaluate(inner, frame) {
                case .string(let segment): text += segment
                case .int(let number): text += String(number)
                case let other: throw EvaluationError("a path cannot hold a \(other.typeName)", at: position)
                }
            }
        }
        return try built(.path(text))
    }

    @inline(never)
    private mutating func evaluateBuiltin(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .builtin(let builtin, let arguments, let position) = node else { throw Self.misrouted }
        var values: [Value] = []
        for argument in arguments { values.append(try evaluate(argument, frame)) }
        do {
            for value in values { try budget.chargeWalk(of: value) }
            return try built(try Builtins.call(builtin, values))
        } catch {
            throw error.placed(at: position)
        }
    }

    @inline(never)
    private mutating func evaluateMethod(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        let receiver: Node
        let method: Method
        let regex: RulesRegex?
        let arguments: [Node]
        let position: SourcePosition
        switch node {
        case .method(let base, let name, let nodes, let place):
            (receiver, method, regex, arguments, position) = (base, name, nil, nodes, place)
        case .regexMethod(let base, let name, let compiled, let nodes, let place):
            (receiver, method, regex, arguments, position) = (base, name, compiled, nodes, place)
        default:
            throw Self.misrouted
        }
        let value = try evaluate(receiver, frame)
        var values: [Value] = regex.map { [.string($0.pattern)] } ?? []
        for argument in arguments { values.append(try evaluate(argument, frame)) }
        do {
            let receiver = regex == nil ? materialized(value) : value
            try budget.chargeWalk(of: receiver)
            for value in values { try budget.chargeWalk(of: value) }
            return try built(try Methods.call(method, on: receiver, values, regex: regex, budget: &budget))
        } catch {
            throw error.placed(at: position)
        }
    }

    @inline(never)
    private mutating func evaluateLogical(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .logical(let isAnd, let operands) = node else { throw Self.misrouted }
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

    @inline(never)
    private mutating func evaluateCall(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .call(let index, let arguments, let position) = node else { throw Self.misrouted }
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

    @inline(never)
    private mutating func evaluateIsType(_ node: Node, _ frame: [Value]) throws(EvaluationError) -> Value {
        guard case .isType(let value, let type) = node else { throw Self.misrouted }
        return .bool(Self.value(try evaluate(value, frame), is: type))
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

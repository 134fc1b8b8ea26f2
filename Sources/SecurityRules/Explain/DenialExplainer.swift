/// Puts a denial into words: for each refused `allow`, the `match` statements around it and the smallest part of
/// its condition that made it false, with its place and the values it compared.
///
/// It evaluates the refused conditions again, as the walk did, only once the request is denied; one evaluator,
/// and so one request's budget, serves every refusal, and a part it cannot evaluate again is named without values.
struct DenialExplainer {
    private let functions: [CompiledFunction]
    private let source: RulesSource
    private var evaluator: Evaluator
    /// False once a limit stopped the walk: the refusals are then named without evaluating them again.
    private let evaluates: Bool

    /// The alternatives of one `||` (or parts of one `&&`) explained before the rest are counted.
    static let shownOperands = 3

    init(program: CompiledProgram, request: RulesRequest, source: RulesSource, evaluates: Bool = true) {
        functions = program.functions
        self.source = source
        self.evaluates = evaluates
        evaluator = Evaluator(functions: program.functions, request: request, captureCount: program.captureCount)
    }

    /// `'allow write' at f:6:7 under match /b/{bucket}/o at f:2:3, match /images/{id} at f:4:5: … is false (…)`.
    mutating func describe(_ refusal: Refusal) -> String {
        let allow = refusal.allow
        var text = "'\(allow.text)' at \(place(allow.position))"
        if !allow.matches.isEmpty {
            let matches = allow.matches.map { match in
                var path = BoundedText(limit: NodeText.limit)
                path.write(match.path)
                return "match \(path.text) at \(place(match.position))"
            }
            text += " under " + matches.joined(separator: ", ")
        }
        if let error = refusal.error {
            return text + ": error" + (error.position.map { " at \(place($0))" } ?? "") + ": \(error.message)"
        }
        guard let condition = allow.condition, evaluates else { return text + " is false" }
        if case .constant(let value) = condition {
            return text + ": the condition is the literal \(ValueText.of(value))"
        }
        evaluator.captures = refusal.captures
        let scope = Scope(function: nil, frame: [], fallback: allow.position)
        return text + ": " + explain(condition, in: scope, outcome: false)
    }

    /// Where a part of a condition is evaluated: the function whose body it is in (nil: an `allow`), its locals,
    /// and the place to name for a part that has none of its own.
    private struct Scope {
        var function: Int?
        var frame: [Value]
        var fallback: SourcePosition
    }

    /// Why `node` came out `outcome`: the operand that decided a `&&` or `||`, the operand of `!`, the body of a
    /// function, the branch of `?:` taken; otherwise `node` itself with the values it compared.
    private mutating func explain(_ node: Node, in scope: Scope, outcome: Bool) -> String {
        switch node {
        case .logical(let isAnd, let operands):
            if isAnd != outcome {
                // `&&` false, `||` true: the first operand with that outcome decided it.
                for operand in operands where value(of: operand, in: scope) == .bool(outcome) {
                    return explain(operand, in: scope, outcome: outcome)
                }
                return leaf(node, in: scope, outcome: outcome)
            }
            // `&&` true, `||` false: every operand had that outcome.
            let shown = operands.prefix(Self.shownOperands).map { "(\(explain($0, in: scope, outcome: outcome)))" }
            let rest = operands.count - shown.count
            return "every operand of '\(isAnd ? "&&" : "||")' is \(outcome): " + shown.joined(separator: ", ")
                + (rest > 0 ? ", and \(rest) more" : "")
        case .unary(.not, let operand, _):
            return explain(operand, in: scope, outcome: !outcome)
        case .conditional(let condition, let whenTrue, let whenFalse, _):
            guard case .bool(let test) = value(of: condition, in: scope) else { break }
            return explain(test ? whenTrue : whenFalse, in: scope, outcome: outcome)
        case .call(let index, let arguments, let position) where functions.indices.contains(index):
            guard let locals = locals(of: functions[index], arguments, in: scope) else { break }
            let function = functions[index]
            let inner = explain(
                function.result, in: Scope(function: index, frame: locals, fallback: function.position),
                outcome: outcome)
            return "\(text(node, in: scope)) at \(place(position)) is \(outcome): in function \(function.name) at "
                + "\(place(function.position)), \(inner)"
        default:
            break
        }
        return leaf(node, in: scope, outcome: outcome)
    }

    /// `text at place is outcome (side is value, …)`: the values of the non-constant operands of a comparison,
    /// the receiver of a method and the value tested by `is`.
    private mutating func leaf(_ node: Node, in scope: Scope, outcome: Bool) -> String {
        // A literal has no place of its own: naming the `allow`'s would point at the wrong column.
        if case .constant(let value) = node { return "the literal \(ValueText.of(value))" }
        var sides: [Node] = []
        switch node {
        case .binary(_, let left, let right, _): sides = [left, right]
        case .method(let receiver, _, _, _), .regexMethod(let receiver, _, _, _, _): sides = [receiver]
        case .isType(let tested, _): sides = [tested]
        default: break
        }
        var values: [String] = []
        for side in sides {
            if case .constant = side { continue }
            guard let value = value(of: side, in: scope) else { continue }
            values.append("\(text(side, in: scope)) is \(ValueText.of(value))")
        }
        let position = NodeText.position(of: node) ?? scope.fallback
        return "\(text(node, in: scope)) at \(place(position)) is \(outcome)"
            + (values.isEmpty ? "" : " (\(values.joined(separator: ", ")))")
    }

    /// The arguments and `let`s of a call of `function`, as the evaluator binds them; nil when one fails again.
    private mutating func locals(of function: CompiledFunction, _ arguments: [Node], in scope: Scope) -> [Value]? {
        var locals: [Value] = []
        for argument in arguments {
            guard let value = value(of: argument, in: scope) else { return nil }
            locals.append(value)
        }
        for binding in function.lets {
            guard let value = value(of: binding, in: Scope(function: nil, frame: locals, fallback: scope.fallback))
            else { return nil }
            locals.append(value)
        }
        return locals
    }

    private mutating func value(of node: Node, in scope: Scope) -> Value? {
        try? evaluator.evaluate(node, scope.frame)
    }

    private func text(_ node: Node, in scope: Scope) -> String {
        NodeText(functions: functions, function: scope.function).of(node)
    }

    private func place(_ position: SourcePosition) -> String {
        source.place(line: Int(position.line), column: Int(position.column))
    }
}

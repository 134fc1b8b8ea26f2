/// Rules that load but may cost a decision much more than they look (docs/security-rules.md §4): what `lint`
/// warns about. Two patterns, each certain to be found where it is written:
///
/// - `replace`, `matches` or `split` on a field of `request.auth.token`: the caller chooses the token, so the
///   caller chooses the length the call works through (a forged token of 16 KiB under every request);
/// - a `let` that names one value twice in a list literal or a `+` (`let b = [a, a]`, `let b = a + a`): a chain of
///   them doubles at each step, so a few functions reach the work and memory budgets.
public struct RulesCostWarning: Sendable, Equatable {
    public var line: Int
    public var column: Int
    public var message: String
    /// The line quoted, cut around the column as errors quote it (`SourceLines`).
    public var sourceLine = ""

    /// The warnings for `source`; none when it does not parse (`RulesProgram` reports that).
    public static func warnings(for source: RulesSource) -> [RulesCostWarning] {
        guard var parser = try? Parser(source.text), let file = try? parser.parseFile(), let service = file.service
        else { return [] }
        var found: [RulesCostWarning] = []
        walk(service.body, into: &found)
        let lines = SourceLines(source)
        for index in found.indices {
            found[index].sourceLine = lines.quote(line: found[index].line, column: found[index].column)
        }
        return found.sorted { ($0.line, $0.column) < ($1.line, $1.column) }
    }

    private static func walk(_ block: BlockSyntax, into found: inout [RulesCostWarning]) {
        for function in block.functions {
            for binding in function.lets {
                if let twice = namedTwice(binding.value) {
                    found.append(
                        RulesCostWarning(
                            line: Int(binding.position.line), column: Int(binding.position.column),
                            message:
                                "let \(binding.name) holds \(twice) twice: a chain of such lets doubles at each step and can reach the rules work and memory budgets (the decision is then denied)"
                        ))
                }
                scan(binding.value, into: &found)
            }
            scan(function.result, into: &found)
        }
        for allow in block.allows {
            if let condition = allow.condition { scan(condition, into: &found) }
        }
        for match in block.matches { walk(match.body, into: &found) }
    }

    /// The name `value` uses twice as the items of a list literal or the operands of a `+`, if any.
    private static func namedTwice(_ value: ExpressionSyntax) -> String? {
        let names: [String]
        switch value {
        case .list(let items, _): names = items.compactMap(identifier)
        case .binary(.add, let left, let right, _): names = [left, right].compactMap(identifier)
        default: return nil
        }
        var seen: Set<String> = []
        return names.first { !seen.insert($0).inserted }
    }

    private static func identifier(_ expression: ExpressionSyntax) -> String? {
        if case .identifier(let name, _) = expression { return name }
        return nil
    }

    private static func scan(_ expression: ExpressionSyntax, into found: inout [RulesCostWarning]) {
        switch expression {
        case .call(let callee, let arguments, _):
            if case .member(let receiver, let method, let position) = callee,
                ["replace", "matches", "split"].contains(method),
                readsToken(receiver)
            {
                found.append(
                    RulesCostWarning(
                        line: Int(position.line), column: Int(position.column),
                        message:
                            "\(method)() on a field of request.auth.token: the caller sets its length (an ID token may be 16 KiB), so the caller sets the cost of every decision that runs it"
                    ))
            }
            scan(callee, into: &found)
            for argument in arguments { scan(argument, into: &found) }
        case .list(let items, _):
            for item in items { scan(item, into: &found) }
        case .map(let entries, _):
            for entry in entries {
                scan(entry.key, into: &found)
                scan(entry.value, into: &found)
            }
        case .path(let parts, _):
            for case .interpolated(let inner) in parts { scan(inner, into: &found) }
        case .member(let base, _, _), .unary(_, let base, _), .isType(let base, _, _):
            scan(base, into: &found)
        case .index(let base, let index, _):
            scan(base, into: &found)
            scan(index, into: &found)
        case .slice(let base, let from, let to, _):
            for part in [base, from, to].compactMap({ $0 }) { scan(part, into: &found) }
        case .binary(_, let left, let right, _):
            scan(left, into: &found)
            scan(right, into: &found)
        case .logical(_, let operands, _):
            for operand in operands { scan(operand, into: &found) }
        case .conditional(let test, let then, let otherwise, _):
            for part in [test, then, otherwise] { scan(part, into: &found) }
        case .null, .bool, .integer, .float, .string, .bytes, .identifier:
            break
        }
    }

    /// Whether `expression` is `request.auth.token` or a member or index below it.
    private static func readsToken(_ expression: ExpressionSyntax) -> Bool {
        switch expression {
        case .member(.member(.identifier("request", _), "auth", _), "token", _): true
        case .member(let base, _, _), .index(let base, _, _): readsToken(base)
        default: false
        }
    }
}

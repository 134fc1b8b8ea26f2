import Primitives

/// Finds the reads of a field that `request`, `request.auth`, `resource` or `request.resource` does not have
/// (`resource.metdata`, `request.auht`, `request['auht']`): each one an evaluation error that denies, so almost
/// always a typo.
///
/// It walks the compiled program, where every name is resolved: a parameter, `let` or path variable named
/// `request` or `resource` is not the request, so only the request's own parts are checked. Only the field
/// right below a part is checked, by name or by a constant string in brackets; what lies below a field
/// (`metadata.*`, `auth.token.*`, `params.*`, a field of a string) is left alone.
struct UnknownFieldCheck {
    /// The names of an object's fields (`resource`, `request.resource`), from whoever builds the request.
    let objectFields: [String]
    private(set) var found: [(position: SourcePosition, message: String)] = []

    init(objectFields: [String]) {
        self.objectFields = objectFields
    }

    mutating func check(_ program: CompiledProgram) {
        for function in program.functions {
            for value in function.lets { walk(value) }
            walk(function.result)
        }
        check(program.root)
    }

    private mutating func check(_ block: CompiledBlock) {
        for allow in block.allows {
            if let condition = allow.condition { walk(condition) }
        }
        for child in block.children { check(child) }
    }

    private mutating func walk(_ node: Node) {
        switch node {
        case .constant, .local, .capture, .reference:
            break
        case .member(let base, let field, let position):
            if let (owner, names) = part(base), !names.contains(field.name) {
                report(field.name, of: owner, names, at: position)
            }
            walk(base)
        case .index(let base, let index, let position):
            // `request['auht']` reads a field as surely as `request.auht` does.
            if case .constant(.string(let name)) = index, let (owner, names) = part(base), !names.contains(name) {
                report(name, of: owner, names, at: position)
            }
            walk(base)
            walk(index)
        case .slice(let base, let start, let end, _):
            for part in [base, start, end].compactMap({ $0 }) { walk(part) }
        case .unary(_, let operand, _), .isType(let operand, _):
            walk(operand)
        case .binary(_, let left, let right, _):
            walk(left)
            walk(right)
        case .logical(_, let operands), .list(let operands, _), .call(_, let operands, _), .builtin(_, let operands, _):
            for operand in operands { walk(operand) }
        case .conditional(let test, let then, let otherwise, _):
            for part in [test, then, otherwise] { walk(part) }
        case .map(let entries, _):
            for entry in entries {
                walk(entry.key)
                walk(entry.value)
            }
        case .path(let parts, _):
            for case .interpolated(let inner) in parts { walk(inner) }
        case .method(let receiver, _, let arguments, _), .regexMethod(let receiver, _, _, let arguments, _):
            walk(receiver)
            for argument in arguments { walk(argument) }
        }
    }

    /// The part of the request `node` is, by the name it is written as, and the names of its fields; nil for
    /// anything else.
    private func part(_ node: Node) -> (String, [String])? {
        switch node {
        case .reference(.request): ("request", KnownField.ofRequest.map(\.rawValue))
        case .reference(.resource): ("resource", objectFields)
        case .member(.reference(.request), let field, _): part(ofRequest: field.known)
        case .index(.reference(.request), .constant(.string(let name)), _): part(ofRequest: KnownField(rawValue: name))
        default: nil
        }
    }

    /// `request.auth` and `request.resource`, however their name is written.
    private func part(ofRequest field: KnownField?) -> (String, [String])? {
        switch field {
        case .auth: ("request.auth", KnownField.ofAuth.map(\.rawValue))
        case .resource: ("request.resource", objectFields)
        default: nil
        }
    }

    private mutating func report(_ name: String, of owner: String, _ names: [String], at position: SourcePosition) {
        let hint =
            Suggestion.closest(to: name, in: names).map { "; did you mean '\($0)'?" }
            ?? " (its fields: \(names.joined(separator: ", ")))"
        found.append((position, "unknown field '\(name)' of \(owner)\(hint)"))
    }
}

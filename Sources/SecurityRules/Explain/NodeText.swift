/// A compiled expression written back as rules source (`request.resource.size < 5 * 1024 * 1024`), with the
/// parentheses its operators need, cut at `limit` characters. Names come back from the program: a function's
/// parameters and `let`s from `CompiledFunction.localNames`, path variables from their nodes.
struct NodeText {
    /// Long enough for a typical condition, short enough for one line of a log.
    static let limit = 100

    let functions: [CompiledFunction]
    /// The function whose body is written, for the names of its locals; nil for an `allow` condition.
    let function: Int?

    func of(_ node: Node) -> String {
        var text = BoundedText(limit: Self.limit)
        write(node, to: &text)
        return text.text
    }

    /// Binding strength, loosest first, as the parser reads them.
    private enum Precedence: Int, Comparable {
        case conditional, or, and, relation, sum, product, unary, postfix

        static func < (lhs: Precedence, rhs: Precedence) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    private static func precedence(of node: Node) -> Precedence {
        switch node {
        case .conditional: .conditional
        case .logical(let isAnd, _): isAnd ? .and : .or
        case .isType: .relation
        case .binary(let operation, _, _, _):
            switch operation {
            case .equal, .notEqual, .less, .lessEqual, .greater, .greaterEqual, .in: .relation
            case .add, .subtract: .sum
            case .multiply, .divide, .remainder: .product
            }
        case .unary: .unary
        default: .postfix
        }
    }

    /// Writes `node`, in parentheses when it binds more loosely than `context` needs.
    private func write(_ node: Node, to text: inout BoundedText, within context: Precedence = .conditional) {
        guard !text.isFull else { return }
        let needsParentheses = Self.precedence(of: node) < context
        if needsParentheses { text.write("(") }
        defer { if needsParentheses { text.write(")") } }
        switch node {
        case .constant(let value): text.write(ValueText.of(value))
        case .local(let slot): text.write(localName(slot))
        case .capture(_, let name, _): text.write(name)
        case .reference(let reference): text.write(reference == .resource ? "resource" : "request")
        case .member(let base, let field, _):
            write(base, to: &text, within: .postfix)
            text.write("." + field.name)
        case .index(let base, let index, _):
            write(base, to: &text, within: .postfix)
            text.write("[")
            write(index, to: &text)
            text.write("]")
        case .slice(let base, let start, let end, _):
            write(base, to: &text, within: .postfix)
            text.write("[")
            if let start { write(start, to: &text) }
            text.write(":")
            if let end { write(end, to: &text) }
            text.write("]")
        case .unary(let operation, let operand, _):
            text.write(operation.rawValue)
            write(operand, to: &text, within: .unary)
        case .binary(let operation, let left, let right, _):
            let level = Self.precedence(of: node)
            write(left, to: &text, within: level)
            text.write(" \(operation.rawValue) ")
            // The right operand of a left-associative operator needs parentheses at its own level.
            write(right, to: &text, within: Precedence(rawValue: level.rawValue + 1) ?? .postfix)
        case .logical(let isAnd, let operands):
            for (offset, operand) in operands.enumerated() {
                if offset > 0 { text.write(isAnd ? " && " : " || ") }
                write(operand, to: &text, within: isAnd ? .relation : .and)
            }
        case .conditional(let condition, let whenTrue, let whenFalse, _):
            write(condition, to: &text, within: .or)
            text.write(" ? ")
            write(whenTrue, to: &text)
            text.write(" : ")
            write(whenFalse, to: &text)
        case .list(let items, _):
            text.write("[")
            writeList(items, to: &text)
            text.write("]")
        case .map(let entries, _):
            text.write("{")
            for (offset, entry) in entries.enumerated() {
                if offset > 0 { text.write(", ") }
                write(entry.key, to: &text)
                text.write(": ")
                write(entry.value, to: &text)
            }
            text.write("}")
        case .path(let parts, _):
            for part in parts {
                text.write("/")
                switch part {
                case .literal(let literal): text.write(literal)
                case .interpolated(let inner):
                    text.write("$(")
                    write(inner, to: &text)
                    text.write(")")
                }
            }
        case .isType(let value, let type):
            write(value, to: &text, within: .sum)
            text.write(" is \(type.rawValue)")
        case .call(let index, let arguments, _):
            text.write(functions.indices.contains(index) ? functions[index].name : "function")
            text.write("(")
            writeList(arguments, to: &text)
            text.write(")")
        case .builtin(let builtin, let arguments, _):
            text.write(builtin.rawValue + "(")
            writeList(arguments, to: &text)
            text.write(")")
        case .method(let receiver, let method, let arguments, _):
            write(receiver, to: &text, within: .postfix)
            text.write(".\(method.rawValue)(")
            writeList(arguments, to: &text)
            text.write(")")
        case .regexMethod(let receiver, let method, let regex, let arguments, _):
            write(receiver, to: &text, within: .postfix)
            text.write(".\(method.rawValue)(")
            writeList([.constant(.string(regex.pattern))] + arguments, to: &text)
            text.write(")")
        }
    }

    private func writeList(_ nodes: [Node], to text: inout BoundedText) {
        for (offset, node) in nodes.enumerated() where !text.isFull {
            if offset > 0 { text.write(", ") }
            write(node, to: &text)
        }
    }

    private func localName(_ slot: Int) -> String {
        guard let function, functions.indices.contains(function), functions[function].localNames.indices.contains(slot)
        else { return "local" }
        return functions[function].localNames[slot]
    }

    /// Where a node is, or the first place found inside it (a constant or a name has none of its own).
    static func position(of node: Node) -> SourcePosition? {
        switch node {
        case .capture(_, _, let position), .member(_, _, let position), .index(_, _, let position),
            .slice(_, _, _, let position), .unary(_, _, let position), .binary(_, _, _, let position),
            .conditional(_, _, _, let position), .list(_, let position), .map(_, let position),
            .path(_, let position), .call(_, _, let position), .builtin(_, _, let position),
            .method(_, _, _, let position), .regexMethod(_, _, _, _, let position):
            position
        case .logical(_, let operands): operands.lazy.compactMap { position(of: $0) }.first
        case .isType(let value, _): position(of: value)
        case .constant, .local, .reference: nil
        }
    }
}

extension StorageRules {
    /// The shorthand written as a rules file (`storage.rules`), which the rules engine decides: one `match` block
    /// per entry under `match /b/{bucket}/o`, each with the original entry as a comment above it.
    ///
    /// `read` is `get`, `write` is `create, update, delete`, `list` is `list`; `signedIn` is
    /// `request.auth != null`; `request.auth.uid == NAME` compares the uid with every segment bound to NAME
    /// (`false` when the path binds none). `*` and `**` become variables of their own; a variable whose name the
    /// language cannot take, or that the entry binds twice, is renamed; a literal segment the match syntax cannot
    /// hold (empty, spaces, brackets) becomes a variable compared with the text.
    public var source: String {
        var text = "rules_version = '\(version)';\n\n"
        text += "// Written from the scenario shorthand (given.rules.allow).\n"
        text += "service firebase.storage {\n  match /b/{bucket}/o {\n"
        for entry in entries {
            text += Self.block(for: entry)
        }
        text += "  }\n}\n"
        return text
    }

    private static func block(for entry: Entry) -> String {
        let operations = Operation.allCases.filter(entry.operations.contains).map(\.rawValue)
        let summary =
            "\(entry.path) [\(operations.joined(separator: ", "))]" + (entry.condition.map { " if \($0.text)" } ?? "")
        var text = "    // \(commentSafe(summary))\n"
        let methods = Self.methods(for: entry.operations)
        guard !methods.isEmpty else { return text + "    // (no operations: allows nothing)\n" }
        let path = RenderedPath(entry.path)
        var conditions = path.comparisons
        switch entry.condition {
        case nil: break
        case .signedIn: conditions.append("request.auth != null")
        case .userIs(let name):
            let bound = path.names(boundTo: name)
            conditions.append(
                bound.isEmpty ? "false" : bound.map { "request.auth.uid == \($0)" }.joined(separator: " && "))
        }
        // A match path holds one recursive wildcard: a path with more nests a match for each further one.
        for (depth, piece) in path.pieces.enumerated() {
            text += String(repeating: "  ", count: depth + 2) + "match \(piece) {\n"
        }
        text += String(repeating: "  ", count: path.pieces.count + 2) + "allow \(methods.joined(separator: ", "))"
        if !conditions.isEmpty { text += ": if " + conditions.joined(separator: " && ") }
        text += ";\n"
        for depth in (0..<path.pieces.count).reversed() {
            text += String(repeating: "  ", count: depth + 2) + "}\n"
        }
        return text
    }

    /// The rules methods of the shorthand's operations, in the order the language lists them.
    static func methods(for operations: Set<Operation>) -> [String] {
        var methods: [String] = []
        if operations.contains(.read) { methods.append("get") }
        if operations.contains(.list) { methods.append("list") }
        if operations.contains(.write) { methods += ["create", "update", "delete"] }
        return methods
    }

    /// Text fit for a `//` comment: one line.
    private static func commentSafe(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? "?" : $0 }))
    }
}

/// A shorthand path as `match` paths (one, or one more nested for each recursive wildcard after the first), the
/// variable names given out, and the comparisons that stand for literals the match syntax cannot hold.
private struct RenderedPath {
    private(set) var pieces: [String] = [""]
    private var pieceIsRecursive = false
    private(set) var comparisons: [String] = []
    /// The shorthand's variable names with the names they were given in the rules, in path order.
    private var bindings: [(shorthand: String, rendered: String)] = []
    private var taken: Set<String>

    /// Words the rules language reserves or that name something in scope of a condition.
    private static let unusable: Set<String> = [
        "allow", "match", "function", "let", "return", "if", "in", "is", "service", "rules_version", "true", "false",
        "null", "bucket", "request", "resource", "math", "timestamp", "duration", "hashing", "latlng", "firestore",
        "debug", "int", "float", "string", "bool", "path", "exists", "get", "getAfter", "existsAfter",
    ]

    init(_ path: String) {
        let segments = path.split(separator: "/", omittingEmptySubsequences: false)
        taken = Set(segments.compactMap { StorageRules.variable(in: $0)?.name })
        for (index, segment) in segments.enumerated() {
            let position = index + 1
            if segment == "*" {
                append("{\(fresh("any\(position)"))}")
            } else if segment == "**" {
                appendRecursive("{\(fresh("rest\(position)"))=**}")
            } else if let variable = StorageRules.variable(in: segment) {
                let usable =
                    Self.isIdentifier(variable.name) && !Self.unusable.contains(variable.name)
                    && !bindings.contains { $0.rendered == variable.name }
                let name =
                    usable
                    ? variable.name : fresh("\(Self.isIdentifier(variable.name) ? variable.name : "v")\(position)")
                bindings.append((variable.name, name))
                if variable.many { appendRecursive("{\(name)=**}") } else { append("{\(name)}") }
            } else if Self.isLiteral(segment) {
                append(String(segment))
            } else {
                let name = fresh("segment\(position)")
                append("{\(name)}")
                comparisons.append("\(name) == \(Self.quoted(segment))")
            }
        }
    }

    private mutating func append(_ segment: String) {
        pieces[pieces.count - 1] += "/" + segment
    }

    private mutating func appendRecursive(_ segment: String) {
        if pieceIsRecursive { pieces.append("") }
        pieceIsRecursive = true
        append(segment)
    }

    /// The rendered names of the segments the shorthand bound to `name`.
    func names(boundTo name: String) -> [String] {
        bindings.filter { $0.shorthand == name }.map(\.rendered)
    }

    /// `base`, or `base_`, `base__`… when the path already uses it.
    private mutating func fresh(_ base: String) -> String {
        var name = base
        while taken.contains(name) || Self.unusable.contains(name) { name += "_" }
        taken.insert(name)
        return name
    }

    private static func isIdentifier(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && $0.properties.isAlphabetic) || ("0"..."9").contains($0)
        }
    }

    /// Whether the match syntax holds `segment` as a literal: not empty, and only letters, digits and a few marks.
    private static func isLiteral(_ segment: Substring) -> Bool {
        !segment.isEmpty
            && segment.unicodeScalars.allSatisfy { scalar in
                if !scalar.isASCII {
                    return !scalar.properties.isWhitespace && scalar.properties.generalCategory != .control
                }
                return scalar.properties.isAlphabetic || ("0"..."9").contains(scalar)
                    || "._-~@+:!".unicodeScalars.contains(scalar)
            }
    }

    /// A single-quoted rules string.
    private static func quoted(_ text: Substring) -> String {
        var result = "'"
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "'": result += "\\'"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result +=
                        "\\u" + String(repeating: "0", count: 4 - String(scalar.value, radix: 16).count)
                        + String(scalar.value, radix: 16)
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "'"
    }
}

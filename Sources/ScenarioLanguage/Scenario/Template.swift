import Primitives
import YAMLReader

/// A string with `$NAME`, `$NAME.field.field` and `$$` in it, resolved when the step runs.
public struct Template: Sendable, Equatable, CustomStringConvertible {
    public enum Part: Sendable, Equatable {
        case literal(String)
        /// `$NAME.a.b` → `.variable("NAME", fields: ["a", "b"])`.
        case variable(String, fields: [String])
    }

    public var parts: [Part]
    public var location: SourceLocation

    public init(parts: [Part], location: SourceLocation) {
        self.parts = parts
        self.location = location
    }

    /// A template without variables.
    public static func literal(_ text: String, at location: SourceLocation) -> Template {
        Template(parts: text.isEmpty ? [] : [.literal(text)], location: location)
    }

    /// The template is exactly one variable (`$up`, `$page1.pageToken`), so it may stand for a non-string.
    public var soleVariable: (name: String, fields: [String])? {
        guard parts.count == 1, case .variable(let name, let fields) = parts[0] else { return nil }
        return (name, fields)
    }

    /// Every variable name used.
    public var variableNames: [String] {
        parts.compactMap { if case .variable(let name, _) = $0 { name } else { nil } }
    }

    /// The source text form (`$$` for a literal `$`).
    public var description: String {
        parts.map { part in
            switch part {
            case .literal(let text): text.replacingOccurrences(of: "$", with: "$$")
            case .variable(let name, let fields): "$" + ([name] + fields).joined(separator: ".")
            }
        }.joined()
    }
}

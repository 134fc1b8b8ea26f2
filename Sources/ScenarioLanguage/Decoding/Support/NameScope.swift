import Primitives
import YAMLReader

/// The names a scenario has defined so far (`as:`), with what each stands for, so every `$NAME` can be
/// checked when the file is read: it must be defined by an earlier step, be the right kind for where it
/// is used, and name only fields that kind has.
struct NameScope {
    /// Whether a task sends or receives bytes (which expectations apply to it).
    enum Direction {
        case upload, download
    }

    /// What a name stands for, known from the verb that produced it.
    enum Kind: Equatable {
        case string
        case reference
        case task(Direction)
        case page
        case metadata
        case observer
        /// Named by a step whose verb was not understood: any use is accepted, so one mistake is reported once.
        case unknown

        /// `a reference`, `a task`, … for messages.
        var phrase: String {
            switch self {
            case .string: "a string"
            case .reference: "a reference"
            case .task: "a task"
            case .page: "a list page"
            case .metadata: "metadata"
            case .observer: "an observer"
            case .unknown: "of unknown kind"
            }
        }

        var isTask: Bool {
            if case .task = self { return true }
            return false
        }
    }

    /// The keys of the SDK's `StorageMetadata` a scenario may name.
    static let metadataKeys = LanguageKeys.expectedMetadata

    private var kinds: [String: (kind: Kind, location: SourceLocation)] = [
        "bucket": (.string, SourceLocation(line: 0, column: 0, offset: 0))
    ]
    private var order: [String] = []

    /// The kind of `name`, if defined.
    func kind(of name: String) -> Kind? { kinds[name]?.kind }

    /// Defines `name` (from `as:` at `node`); reports a reused or reserved name.
    mutating func define(_ name: String, as kind: Kind, at node: YAMLNode, context: DecodingContext) {
        if name == "bucket" {
            context.error("bucket is predefined (the scenario's bucket); choose another name", at: node)
            return
        }
        if let existing = kinds[name] {
            context.error(
                "\(name) is already defined (line \(existing.location.line)); names are unique within a scenario",
                at: node)
            return
        }
        kinds[name] = (kind, node.location)
        order.append(name)
    }

    /// The kind of `name`, reporting `$name is not defined (defined so far: …)` at `node` when it is not.
    func lookup(_ name: String, at node: YAMLNode, context: DecodingContext) -> Kind? {
        if let kind = kinds[name]?.kind { return kind }
        context.error("$\(name) is not defined \(definedSoFar)", at: node)
        return nil
    }

    /// `name` must be defined and of `wanted` kind (compared ignoring a task's direction): reports
    /// `VERB needs a task, but $space is a reference`.
    func require(_ name: String, _ wanted: Kind, by user: String, at node: YAMLNode, context: DecodingContext) -> Kind?
    {
        guard let kind = lookup(name, at: node, context: context) else { return nil }
        let matches = kind == .unknown || (wanted.isTask ? kind.isTask : kind == wanted)
        guard matches else {
            context.error("\(user) needs \(wanted.phrase), but $\(name) is \(kind.phrase)", at: node)
            return nil
        }
        return kind
    }

    /// Checks every variable of `template` (read from `node`); false if any was reported.
    func check(_ template: Template, at node: YAMLNode, context: DecodingContext) -> Bool {
        var clean = true
        for part in template.parts {
            guard case .variable(let name, let fields) = part else { continue }
            guard let kind = lookup(name, at: node, context: context) else {
                clean = false
                continue
            }
            if let problem = Self.fieldProblem(kind, name: name, fields: fields) {
                context.error(problem, at: node)
                clean = false
            }
        }
        return clean
    }

    /// Why `$name.fields` cannot be read as text, or nil when it can.
    private static func fieldProblem(_ kind: Kind, name: String, fields: [String]) -> String? {
        let written = "$" + ([name] + fields).joined(separator: ".")
        let valid: Bool
        let available: String
        switch kind {
        case .string:
            valid = fields.isEmpty
            available = "a string has no fields"
        case .reference:
            valid =
                fields.isEmpty
                || (fields.count == 1 && ["fullPath", "name", "bucket", "description"].contains(fields[0]))
            available = "a reference has fullPath, name, bucket and description"
        case .observer:
            valid = fields.isEmpty || fields == ["handle"]
            available = "an observer has handle"
        case .page:
            valid = fields == ["pageToken"]
            available = "a list page has pageToken"
        case .metadata:
            valid = isMetadataPath(fields[...])
            available =
                "metadata has " + metadataKeys.joined(separator: ", ") + " (customMetadata.KEY for one custom key)"
        case .task:
            valid = fields == ["status"] || (fields.first == "metadata" && isMetadataPath(fields.dropFirst()))
            available = "a task has status and metadata.KEY"
        case .unknown:
            valid = true
            available = ""
        }
        guard !valid else { return nil }
        if fields.isEmpty { return "\(written) is \(kind.phrase); name one of its fields (\(available))" }
        let hint = meant(kind, fields).map { " (did you mean $\(([name] + $0).joined(separator: "."))?)" } ?? ""
        return "\(written): $\(name) is \(kind.phrase) and has no field \(fields.joined(separator: "."))\(hint) "
            + "(\(available))"
    }

    /// The fields `fields` most likely meant, with the first misspelt one corrected; nil when none is close.
    private static func meant(_ kind: Kind, _ fields: [String]) -> [String]? {
        let metadata = metadataKeys + ["customMetadata"]
        let candidates: [[String]]
        switch kind {
        case .reference: candidates = [["fullPath", "name", "bucket", "description"]]
        case .observer: candidates = [["handle"]]
        case .page: candidates = [["pageToken"]]
        case .metadata: candidates = [metadata]
        case .task: candidates = [["status", "metadata"], metadata]
        case .string, .unknown: return nil
        }
        var corrected = fields
        for (index, field) in fields.enumerated() where index < candidates.count {
            guard !candidates[index].contains(field) else { continue }
            guard let match = Suggestion.closest(to: field, in: candidates[index]) else { return nil }
            corrected[index] = match
            return corrected
        }
        return nil
    }

    private static func isMetadataPath(_ path: ArraySlice<String>) -> Bool {
        guard let key = path.first else { return false }
        if key == "customMetadata" { return path.count == 2 }
        return path.count == 1 && metadataKeys.contains(key)
    }

    private var definedSoFar: String {
        order.isEmpty ? "(no names are defined before this step)" : "(defined so far: \(order.joined(separator: ", ")))"
    }
}

extension NameScope {
    /// A string value read as a template whose variables are checked; nil (reported) otherwise.
    func template(_ node: YAMLNode, _ key: String, context: DecodingContext) -> Template? {
        guard let text = context.string(node, key) else { return nil }
        let template = Template(parsing: text, at: node.location)
        return check(template, at: node, context: context) ? template : nil
    }
}

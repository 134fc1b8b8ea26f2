import Primitives
import YAMLReader

/// Reads one YAML document as one scenario: `scenario`, `tags`, `covers`, `description`, `targets`, `given`,
/// `steps`.
///
/// Decisions where docs/scenario-language.md is silent: `tags`, `covers` and `targets` take one string or a
/// list; a tag may not be empty or contain spaces or commas (write a list); `targets: []` is a warning
/// (the scenario never runs); `given:`, `tags:` and `covers:` left empty (null) mean none. `lint:` maps the
/// code of a warning the scenario means to cause to why (`lint: { one-chunk-trigger: the point is … }`).
struct ScenarioDocumentDecoding {
    /// A scenario's name and id as read, even when the rest had errors (for duplicate checks).
    struct Identity {
        var name: String
        var id: String
        var node: YAMLNode
    }

    static let keys = LanguageKeys.document

    let fileName: String
    let context: DecodingContext

    /// The warnings a document declares intended (`lint:`): code → reason and the entry's node.
    func intendedWarnings(_ root: YAMLNode) -> [String: (reason: String, node: YAMLNode)] {
        guard case .mapping(let pairs) = root.value,
            let node = pairs.first(where: { $0.key.stringValue == "lint" })?.value, !node.isNull
        else { return [:] }
        guard case .mapping(let entries) = node.value else {
            context.typeMismatch(
                "lint", expected: "a mapping of warning codes to the reason each is intended", found: node)
            return [:]
        }
        var intended: [String: (reason: String, node: YAMLNode)] = [:]
        for entry in entries {
            guard let code = entry.key.stringValue, LintWarning(rawValue: code) != nil else {
                let written = entry.key.stringValue ?? entry.key.summary
                context.error(
                    "lint: unknown warning \(YAMLNode.quoted(written))\(Suggestion.hint(for: written, in: LintWarning.names))",
                    at: entry.key)
                continue
            }
            guard let reason = entry.value.stringValue, !reason.isEmpty else {
                context.error("lint: \(code): say why the warning is intended, as a string", at: entry.value)
                continue
            }
            intended[code] = (reason, entry.key)
        }
        return intended
    }

    func decode(_ root: YAMLNode) -> (scenario: Scenario?, identity: Identity?) {
        guard case .mapping(let pairs) = root.value else {
            context.error("a scenario is a mapping with scenario: and steps:, found \(root.summary)", at: root)
            return (nil, nil)
        }
        let errors = context.errorCount
        let fields = MappingFields(
            checking: root, pairs: pairs, owner: "a scenario", allowed: Self.keys, context: context)
        let identity = fields.required("scenario", of: "a scenario", "its name", context: context).flatMap(identity)
        let tags = fields["tags"].flatMap(tags) ?? []
        let covers = fields["covers"].flatMap(covers) ?? []
        let description = fields["description"].flatMap { context.string($0, "description") }
        let targets = fields["targets"].flatMap(targets)
        let given = fields["given"].map { GivenDecoding.decode($0, context: context) } ?? Given()
        let steps = fields.required("steps", of: "a scenario", "a list of at least one step", context: context).flatMap(
            steps)
        guard context.errorCount == errors, let identity, let given, let steps else { return (nil, identity) }
        let scenario = Scenario(
            name: identity.name, id: identity.id, location: root.location, tags: tags, covers: covers,
            description: description, targets: targets,
            given: given,
            steps: steps)
        return (scenario, identity)
    }

    private func identity(_ node: YAMLNode) -> Identity? {
        guard let name = context.nonEmptyString(node, "scenario") else { return nil }
        let slug = Scenario.slug(name)
        guard !slug.isEmpty else {
            context.error("scenario: the name \(node.summary) has no letters or digits to make an id from", at: node)
            return nil
        }
        return Identity(name: name, id: fileName + "/" + slug, node: node)
    }

    /// A comma or white space, which a tag may not hold (ASCII checked without the Unicode property lookup).
    private static func endsATag(_ scalar: Unicode.Scalar) -> Bool {
        if scalar.isASCII { return scalar == "," || scalar == " " || ("\t"..."\r").contains(scalar) }
        return scalar.properties.isWhitespace
    }

    private func tags(_ node: YAMLNode) -> [String]? {
        guard !node.isNull, let items = context.stringOrList(node, "tags") else { return nil }
        var tags: [String] = []
        for (text, item) in items {
            if text.isEmpty || text.unicodeScalars.contains(where: Self.endsATag) {
                context.error(
                    "tags: a tag may not be empty or contain spaces or commas, found \(item.summary) (write a list: [a, b])",
                    at: item)
            } else {
                tags.append(text)
            }
        }
        return tags
    }

    private func covers(_ node: YAMLNode) -> [String]? {
        guard !node.isNull, let items = context.stringOrList(node, "covers") else { return nil }
        for (text, item) in items where text.isEmpty {
            context.error("covers: a section may not be empty", at: item)
        }
        return items.map(\.text)
    }

    private func targets(_ node: YAMLNode) -> [TargetKind]? {
        if node.isNull { return nil }
        guard let items = context.stringOrList(node, "targets") else { return nil }
        if items.isEmpty {
            context.warning(.emptyTargets, "targets is empty, so this scenario never runs", at: node.location)
        }
        var kinds: [TargetKind] = []
        for (text, item) in items {
            guard let kind = TargetKind(rawValue: text) else {
                let names = TargetKind.allCases.map(\.rawValue)
                context.error(
                    "targets: unknown target \(YAMLNode.quoted(text))\(Suggestion.hint(for: text, in: names))", at: item
                )
                continue
            }
            if !kinds.contains(kind) { kinds.append(kind) }
        }
        return kinds
    }

    private func steps(_ node: YAMLNode) -> [Step]? {
        guard let items = context.sequence(node, "steps") else { return nil }
        guard !items.isEmpty else {
            context.error("steps: a scenario needs at least one step", at: node)
            return nil
        }
        var decoder = StepDecoding(context: context)
        let steps = items.compactMap { decoder.decode($0) }
        return steps.count == items.count ? steps : nil
    }
}

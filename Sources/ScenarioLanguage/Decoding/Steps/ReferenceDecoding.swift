import Primitives
import YAMLReader

/// Reads where a step points (a path or `$NAME` of a reference) and the three forms of `ref:`.
struct ReferenceDecoding {
    let verb: String
    let scope: NameScope
    let context: DecodingContext

    /// A path string relative to the root, or exactly `$NAME` of a reference (`.named`).
    func operand(_ node: YAMLNode) -> ReferenceOperand? {
        guard let text = context.string(node, verb) else { return nil }
        let template = Template(parsing: text, at: node.location)
        if let sole = template.soleVariable, sole.fields.isEmpty {
            return scope.require(sole.name, .reference, by: verb, at: node, context: context) == nil
                ? nil : .named(sole.name)
        }
        return scope.check(template, at: node, context: context) ? .path(template) : nil
    }

    /// `ref: PATH`, `ref: { from: $NAME, chain: [...] }` or `ref: { url: URL }`.
    func spec(_ node: YAMLNode) -> ReferenceSpec? {
        guard case .mapping(let pairs) = node.value else {
            guard case .string = node.value else {
                context.typeMismatch("ref", expected: "a path string or a mapping with from/chain or url", found: node)
                return nil
            }
            return template(node, "ref").map { .path($0) }
        }
        let fields = MappingFields(
            checking: node, pairs: pairs, owner: "ref", allowed: LanguageKeys.reference, context: context)
        if let url = fields["url"] {
            if let other = fields.keyNode("from") ?? fields.keyNode("chain") {
                context.error("ref takes either url or from/chain, not both", at: other)
                return nil
            }
            return template(url, "url").map { .url($0) }
        }
        guard fields.contains("from") || fields.contains("chain") else {
            context.error("ref needs a path, { from: $NAME, chain: [...] } or { url: … }", at: node)
            return nil
        }
        let errors = context.errorCount
        var from: String?
        if let fromNode = fields["from"], let name = context.nameReference(fromNode, "from") {
            if scope.require(name, .reference, by: "from", at: fromNode, context: context) != nil { from = name }
        }
        var links: [ChainLink] = []
        if let chainNode = fields["chain"], let items = context.sequence(chainNode, "chain") {
            links = items.compactMap(link)
        }
        return context.errorCount == errors ? .chain(from: from, links: links) : nil
    }

    /// `parent`, `root` or `{ child: PATH }`.
    private func link(_ node: YAMLNode) -> ChainLink? {
        let names = ["parent", "root", "child"]
        switch node.value {
        case .string("parent"): return .parent
        case .string("root"): return .root
        case .string(let text):
            let hint = text == "child" ? " (write { child: PATH })" : Suggestion.hint(for: text, in: names)
            context.error("chain: unknown link \(YAMLNode.quoted(text))\(hint)", at: node)
            return nil
        case .mapping(let pairs):
            let fields = MappingFields(
                checking: node, pairs: pairs, owner: "a chain link", allowed: LanguageKeys.chainLink, context: context)
            guard let path = fields.required("child", of: "a chain link", "the path to append", context: context) else {
                return nil
            }
            return template(path, "child").map { .child($0) }
        default:
            context.typeMismatch("chain", expected: "parent, root or { child: PATH }", found: node)
            return nil
        }
    }

    private func template(_ node: YAMLNode, _ key: String) -> Template? {
        scope.template(node, key, context: context)
    }
}

import Primitives
import YAMLReader

/// A mapping whose keys were checked against the keys its owner accepts.
///
/// Every unknown key is reported (with a suggestion) when the fields are made; reading then only sees
/// the allowed keys, so a rejected key is never also decoded.
struct MappingFields {
    let node: YAMLNode
    /// The pairs with an allowed key, in the order written.
    let pairs: [YAMLPair]
    /// Allowed keys that an unknown key was probably meant as (their absence is not reported again).
    private var suggested: Set<String> = []

    /// Checks that `node` is a mapping and that every key is one of `allowed`. `owner` names the mapping in
    /// messages (`put`, `given`, `a data source`); `explain` may give a better reason for a key that is not
    /// allowed here. Nil when `node` is not a mapping (reported as `key: expected a mapping…`).
    init?(
        _ node: YAMLNode, key: @autoclosure () -> String, owner: @autoclosure () -> String, allowed: [String],
        context: DecodingContext,
        explain: (String) -> String? = { _ in nil }
    ) {
        guard case .mapping(let pairs) = node.value else {
            context.typeMismatch(key(), expected: "a mapping", found: node)
            return nil
        }
        self.init(checking: node, pairs: pairs, owner: owner(), allowed: allowed, context: context, explain: explain)
    }

    /// Checks the keys of `pairs` (already known to be `node`'s pairs).
    init(
        checking node: YAMLNode, pairs: [YAMLPair], owner: @autoclosure () -> String, allowed: [String],
        context: DecodingContext,
        explain: (String) -> String? = { _ in nil }
    ) {
        self.node = node
        let isAllowed = { (pair: YAMLPair) in pair.key.stringValue.map(allowed.contains) == true }
        self.pairs = pairs.allSatisfy(isAllowed) ? pairs : pairs.filter(isAllowed)
        for pair in pairs {
            guard let name = pair.key.stringValue else {
                context.error(
                    "unknown key \(pair.key.keyText) for \(owner())\(Self.hint(for: "", allowed))", at: pair.key)
                continue
            }
            guard !allowed.contains(name) else { continue }
            let reason = explain(name).map { " (\($0))" } ?? Self.hint(for: name, allowed)
            if let match = Suggestion.closest(to: name, in: allowed) { suggested.insert(match) }
            context.error("unknown key \"\(name)\" for \(owner())\(reason)", at: pair.key)
        }
    }

    private static func hint(for name: String, _ allowed: [String]) -> String {
        allowed.isEmpty ? " (it takes no keys)" : Suggestion.hint(for: name, in: allowed)
    }

    /// The value of `key`, if present.
    subscript(key: String) -> YAMLNode? {
        pairs.first { $0.key.stringValue == key }?.value
    }

    /// The key node of `key`, if present.
    func keyNode(_ key: String) -> YAMLNode? {
        pairs.first { $0.key.stringValue == key }?.key
    }

    func contains(_ key: String) -> Bool { self[key] != nil }

    /// Whether an unknown key was reported as probably meaning `key`.
    func wasSuggested(_ key: String) -> Bool { suggested.contains(key) }

    /// The value of a required key; reports `OWNER needs KEY: DESCRIPTION` at the mapping when absent.
    func required(
        _ key: String, of owner: @autoclosure () -> String, _ description: @autoclosure () -> String,
        context: DecodingContext
    ) -> YAMLNode? {
        if let value = self[key] { return value }
        guard !suggested.contains(key) else { return nil }
        context.error("\(owner()) needs \(key): \(description())", at: node)
        return nil
    }
}

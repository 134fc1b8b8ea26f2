import YAMLReader

/// Reads `metadata:` of an expectation: a partial match on `StorageMetadata` properties.
///
/// Values by key (decisions where docs/scenario-language.md is silent): `size` is a size (`4096`, `4KiB`) or a
/// template with a variable; `generation` and `metageneration` an integer or such a template; the other
/// properties a string template, or null for "absent"; `customMetadata` a mapping of keys to string
/// templates (null: that key is absent), or null for "no custom metadata". Any property or custom key may
/// instead hold a matcher: `{ present: true }` (any value; `false` is null), `/regex/` (a string between
/// slashes, for every key but size and the generations), or `{ not: VALUE }` (anything VALUE does not match).
struct ExpectedMetadataDecoding {
    let scope: NameScope
    let context: DecodingContext

    func decode(_ node: YAMLNode) -> [String: ExpectedValue]? {
        guard
            let fields = MappingFields(
                node, key: "metadata", owner: "expected metadata", allowed: NameScope.metadataKeys, context: context)
        else {
            return nil
        }
        let errors = context.errorCount
        var result: [String: ExpectedValue] = [:]
        for pair in fields.pairs {
            guard let key = pair.key.stringValue, NameScope.metadataKeys.contains(key) else { continue }
            if key == "customMetadata" {
                result[key] = custom(pair.value)
            } else {
                result[key] = value(pair.value, key)
            }
        }
        return context.errorCount == errors ? result : nil
    }

    /// A property's value, or a matcher.
    private func value(_ node: YAMLNode, _ key: String) -> ExpectedValue? {
        if case .mapping(let pairs) = node.value {
            return matcher(node, pairs, key)
        }
        if key != "size", key != "generation", key != "metageneration", let pattern = Self.regex(node) {
            return .regex(pattern)
        }
        switch key {
        case "size": return size(node)
        case "generation", "metageneration": return number(node, key)
        default: return node.isNull ? .null : string(node, key)
        }
    }

    /// `{ present: true|false }` or `{ not: VALUE }`.
    private func matcher(_ node: YAMLNode, _ pairs: [YAMLPair], _ key: String) -> ExpectedValue? {
        guard pairs.count == 1, let name = pairs[0].key.stringValue, name == "present" || name == "not" else {
            context.typeMismatch(key, expected: "a value, /regex/, { present: true } or { not: VALUE }", found: node)
            return nil
        }
        let inner = pairs[0].value
        if name == "not" {
            return value(inner, key).map { .not($0) }
        }
        guard case .bool(let present) = inner.value else {
            context.typeMismatch("\(key).present", expected: "true or false", found: inner)
            return nil
        }
        return present ? .present : .null
    }

    /// The text between the slashes of a `/regex/` string.
    private static func regex(_ node: YAMLNode) -> String? {
        guard case .string(let text) = node.value, text.count >= 2, text.hasPrefix("/"), text.hasSuffix("/") else {
            return nil
        }
        return String(text.dropFirst().dropLast())
    }

    private func string(_ node: YAMLNode, _ key: String) -> ExpectedValue? {
        guard let text = context.string(node, key) else { return nil }
        let template = Template(parsing: text, at: node.location)
        return scope.check(template, at: node, context: context) ? .string(template) : nil
    }

    /// A string standing for a number: it must use a variable (`$up.metadata.generation`).
    private func variableString(_ node: YAMLNode, _ key: String, expected: String) -> ExpectedValue? {
        guard case .string(let text) = node.value,
            Template(parsing: text, at: node.location).variableNames.isEmpty == false
        else {
            context.typeMismatch(key, expected: expected, found: node)
            return nil
        }
        return string(node, key)
    }

    private func number(_ node: YAMLNode, _ key: String) -> ExpectedValue? {
        if case .int(let value) = node.value { return .int(value) }
        return variableString(node, key, expected: "an integer or a $NAME.field")
    }

    private func size(_ node: YAMLNode) -> ExpectedValue? {
        if case .string(let text) = node.value, !Template(parsing: text, at: node.location).variableNames.isEmpty {
            return string(node, "size")
        }
        return ByteSize.bytes(node, "size", context: context).map { .int($0) }
    }

    private func custom(_ node: YAMLNode) -> ExpectedValue? {
        if node.isNull { return .null }
        guard case .mapping(let pairs) = node.value else {
            context.typeMismatch("customMetadata", expected: "a mapping of strings, or null", found: node)
            return nil
        }
        var entries: [ExpectedEntry] = []
        for pair in pairs {
            guard case .string(let key) = pair.key.value else {
                context.typeMismatch("customMetadata", expected: "string keys", found: pair.key)
                continue
            }
            if let value = value(pair.value, "customMetadata.\(key)") {
                entries.append(ExpectedEntry(key, value))
            }
        }
        return .map(entries)
    }
}

import YAMLReader

/// Typed reads of scalar and collection values, reporting a type mismatch at the value.
extension DecodingContext {
    func string(_ node: YAMLNode, _ key: String) -> String? {
        guard case .string(let text) = node.value else {
            typeMismatch(key, expected: "a string", found: node)
            return nil
        }
        return text
    }

    func nonEmptyString(_ node: YAMLNode, _ key: String) -> String? {
        guard let text = string(node, key) else { return nil }
        guard !text.isEmpty else {
            error("\(key) may not be empty", at: node)
            return nil
        }
        return text
    }

    func integer(_ node: YAMLNode, _ key: String) -> Int64? {
        guard case .int(let number) = node.value else {
            typeMismatch(key, expected: "an integer", found: node)
            return nil
        }
        return number
    }

    func sequence(_ node: YAMLNode, _ key: String) -> [YAMLNode]? {
        guard case .sequence(let items) = node.value else {
            typeMismatch(key, expected: "a list", found: node)
            return nil
        }
        return items
    }

    /// A list of strings, or one string standing for a list of one.
    func stringOrList(_ node: YAMLNode, _ key: String) -> [(text: String, node: YAMLNode)]? {
        switch node.value {
        case .string(let text):
            return [(text, node)]
        case .sequence(let items):
            var result: [(text: String, node: YAMLNode)] = []
            var clean = true
            for item in items {
                if case .string(let text) = item.value {
                    result.append((text, item))
                } else {
                    typeMismatch(key, expected: "a string", found: item)
                    clean = false
                }
            }
            return clean ? result : nil
        default:
            typeMismatch(key, expected: "a string or a list of strings", found: node)
            return nil
        }
    }

    /// A name of a task, observer handle or reference, written `up` or `$up`.
    func nameReference(_ node: YAMLNode, _ key: String) -> String? {
        guard let text = string(node, key) else { return nil }
        let name = text.hasPrefix("$") ? String(text.dropFirst()) : text
        guard Identifier.isValid(name) else {
            error("\(key): expected a name like up or $up, found \(node.summary)", at: node)
            return nil
        }
        return name
    }
}

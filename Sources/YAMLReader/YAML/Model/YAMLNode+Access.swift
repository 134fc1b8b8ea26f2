/// Typed access for code that reads a parsed tree.
extension YAMLNode {
    /// The value of the first pair whose key is the string `key`; `nil` if absent or not a mapping.
    public subscript(key: String) -> YAMLNode? {
        guard case .mapping(let pairs) = value else { return nil }
        for pair in pairs {
            if case .string(let name) = pair.key.value, name == key { return pair.value }
        }
        return nil
    }

    /// "null", "boolean", "integer", "float", "string", "sequence" or "mapping".
    public var typeName: String { value.typeName }

    public var isNull: Bool { value == .null }

    public var stringValue: String? {
        if case .string(let string) = value { return string }
        return nil
    }

    public var boolValue: Bool? {
        if case .bool(let bool) = value { return bool }
        return nil
    }

    public var intValue: Int64? {
        if case .int(let int) = value { return int }
        return nil
    }

    /// A float, or an integer converted to a float.
    public var doubleValue: Double? {
        switch value {
        case .float(let double): double
        case .int(let int): Double(int)
        default: nil
        }
    }

    public var sequenceItems: [YAMLNode]? {
        if case .sequence(let items) = value { return items }
        return nil
    }

    public var mappingPairs: [YAMLPair]? {
        if case .mapping(let pairs) = value { return pairs }
        return nil
    }
}

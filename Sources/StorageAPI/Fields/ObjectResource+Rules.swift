import SecurityRules

extension ObjectResource {
    /// The object as the rules read it (`resource`, `request.resource`): every field the table shows the rules,
    /// under its wire name. A field without a value (an optional text not set) and the `unknown` ones (what a
    /// write does not know yet, as an upload's generation) read `null`.
    public func rulesObject(unknown: Set<ObjectField> = []) -> RulesObject {
        var fields: [String: RulesValue] = [:]
        for field in ObjectField.seenByRules {
            let value = unknown.contains(field) ? nil : field.value(in: self)
            fields[field.wireName] = value.map(Self.rulesValue) ?? .null
        }
        return RulesObject(fields: fields)
    }

    private static func rulesValue(_ value: ObjectFieldValue) -> RulesValue {
        switch value {
        case .text(let text), .checksum(let text): .string(text)
        case .count(let count): .int(count)
        case .time(let date): .timestamp(date)
        case .tokens(let tokens): .list(tokens.map(RulesValue.string))
        case .stringMap(let map): .map(map.mapValues(RulesValue.string))
        }
    }
}

import StorageAPI
import YAMLReader

/// Reads the metadata a scenario writes: `metadata:` of put and updateMetadata, and the metadata keys of
/// fixture objects.
///
/// A decision where docs/scenario-language.md is silent: null (removing a field, a custom key, or with
/// `customMetadata: null` every custom key) only means something to updateMetadata; in put it is an error.
enum MetadataDecoding {
    static let keys = LanguageKeys.metadata

    /// `metadata:` of put (`allowsRemoval` false) or updateMetadata (true); string values are templates.
    static func values(
        _ node: YAMLNode, of verb: String, allowsRemoval: Bool, scope: NameScope, context: DecodingContext
    ) -> MetadataValues? {
        guard
            let fields = MappingFields(
                node, key: "metadata", owner: "metadata of \(verb)", allowed: keys, context: context)
        else {
            return nil
        }
        let errors = context.errorCount
        var result = MetadataValues()
        func removal(_ key: String, at value: YAMLNode) -> Bool {
            guard value.isNull else { return false }
            if !allowsRemoval {
                context.error("\(key): null removes a value, which only updateMetadata does", at: value)
            }
            return true
        }
        func template(_ value: YAMLNode, _ key: String) -> Template? {
            scope.template(value, key, context: context)
        }
        for pair in fields.pairs {
            guard let key = pair.key.stringValue else { continue }
            if let field = MetadataField(rawValue: key) {
                if removal(key, at: pair.value) {
                    result.fields[field] = .some(nil)
                } else if let value = template(pair.value, key) {
                    result.fields[field] = .some(value)
                }
                continue
            }
            guard key == "customMetadata" else { continue }
            if removal(key, at: pair.value) {
                result.removesAllCustomMetadata = true
                continue
            }
            guard case .mapping(let customPairs) = pair.value.value else {
                context.typeMismatch(key, expected: "a mapping of strings", found: pair.value)
                continue
            }
            for custom in customPairs {
                guard let customKey = customKeyText(custom.key, context: context) else { continue }
                if removal("customMetadata.\(customKey)", at: custom.value) {
                    result.customMetadata[customKey] = .some(nil)
                } else if let value = template(custom.value, "customMetadata.\(customKey)") {
                    result.customMetadata[customKey] = .some(value)
                }
            }
        }
        return context.errorCount == errors ? result : nil
    }

    /// The metadata keys of a fixture object (other keys of `fields` are not looked at); values are literal.
    static func fixture(_ fields: MappingFields, context: DecodingContext) -> ObjectMetadataFields? {
        let errors = context.errorCount
        var metadata = ObjectMetadataFields()
        for field in MetadataField.allCases {
            guard let value = fields[field.rawValue] else { continue }
            metadata[field] = context.string(value, field.rawValue)
        }
        if let customNode = fields["customMetadata"] {
            if case .mapping(let pairs) = customNode.value {
                for pair in pairs {
                    guard let key = customKeyText(pair.key, context: context),
                        let value = context.string(pair.value, "customMetadata.\(key)")
                    else { continue }
                    metadata.customMetadata[key] = value
                }
            } else {
                context.typeMismatch("customMetadata", expected: "a mapping of strings", found: customNode)
            }
        }
        return context.errorCount == errors ? metadata : nil
    }

    /// A custom metadata key must be a string (`1: x` is an error: quote it).
    private static func customKeyText(_ key: YAMLNode, context: DecodingContext) -> String? {
        guard case .string(let text) = key.value else {
            context.typeMismatch("customMetadata", expected: "string keys", found: key)
            return nil
        }
        return text
    }
}

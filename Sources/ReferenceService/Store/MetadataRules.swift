import StorageAPI

/// The limits Cloud Storage puts on object metadata: no control characters in any field, custom key or value
/// (they travel as HTTP headers, and one stored would break every later download of the object), and at most
/// 8 KiB of custom metadata, keys and values counted in UTF-8 bytes.
package enum MetadataRules {
    static let customMetadataLimit = 8 * 1024

    /// Throws 400 naming the field that breaks a rule.
    package static func validate(_ metadata: ObjectMetadataFields) throws(BackendError) {
        for field in MetadataField.allCases {
            if let value = metadata[field] { try checkCharacters(value, what: field.rawValue) }
        }
        var size = 0
        for (key, value) in metadata.customMetadata {
            try checkCharacters(key, what: "the custom metadata key \(key.debugDescription)")
            try checkCharacters(value, what: "the custom metadata value of \(key.debugDescription)")
            size += key.utf8.count + value.utf8.count
        }
        if size > customMetadataLimit {
            throw .badRequest(
                "Invalid metadata: the custom metadata takes \(size) bytes; the limit is \(customMetadataLimit).")
        }
    }

    private static func checkCharacters(_ text: String, what: String) throws(BackendError) {
        if text.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
            throw .badRequest("Invalid metadata: \(what) contains a control character.")
        }
    }
}

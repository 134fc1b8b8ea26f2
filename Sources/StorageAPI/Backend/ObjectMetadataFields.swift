/// The metadata a client may set on an object: at upload, or by a patch.
public struct ObjectMetadataFields: Sendable, Equatable {
    public var cacheControl: String?
    public var contentDisposition: String?
    public var contentEncoding: String?
    public var contentLanguage: String?
    public var contentType: String?
    public var customMetadata: [String: String]

    public init(
        cacheControl: String? = nil, contentDisposition: String? = nil, contentEncoding: String? = nil,
        contentLanguage: String? = nil, contentType: String? = nil, customMetadata: [String: String] = [:]
    ) {
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.contentType = contentType
        self.customMetadata = customMetadata
    }

    public subscript(field: MetadataField) -> String? {
        get {
            switch field {
            case .cacheControl: cacheControl
            case .contentDisposition: contentDisposition
            case .contentEncoding: contentEncoding
            case .contentLanguage: contentLanguage
            case .contentType: contentType
            }
        }
        set {
            switch field {
            case .cacheControl: cacheControl = newValue
            case .contentDisposition: contentDisposition = newValue
            case .contentEncoding: contentEncoding = newValue
            case .contentLanguage: contentLanguage = newValue
            case .contentType: contentType = newValue
            }
        }
    }
}

/// The writable string fields of an object's metadata, by their wire names.
public enum MetadataField: String, Sendable, CaseIterable {
    case cacheControl, contentDisposition, contentEncoding, contentLanguage, contentType
}

/// A metadata update (PATCH): a field absent is unchanged, `.some(nil)` removes it; custom keys merge,
/// a key set to nil is deleted, and `removesAllCustomMetadata` (`metadata: null`) clears them first.
public struct MetadataPatch: Sendable, Equatable {
    public var fields: [MetadataField: String?]
    public var customMetadata: [String: String?]
    public var removesAllCustomMetadata: Bool

    public init(
        fields: [MetadataField: String?] = [:], customMetadata: [String: String?] = [:],
        removesAllCustomMetadata: Bool = false
    ) {
        self.fields = fields
        self.customMetadata = customMetadata
        self.removesAllCustomMetadata = removesAllCustomMetadata
    }

    public var isEmpty: Bool { fields.isEmpty && customMetadata.isEmpty && !removesAllCustomMetadata }
}

/// The metadata a client may set on an object: at upload, or by a patch. The texts are kept by field, so each
/// `MetadataField` of the table has its place without a property here; the named ones are for callers' ease.
public struct ObjectMetadataFields: Sendable, Equatable {
    /// The texts given, by wire name.
    private var texts: [String: String] = [:]
    public var customMetadata: [String: String]

    public init(
        cacheControl: String? = nil, contentDisposition: String? = nil, contentEncoding: String? = nil,
        contentLanguage: String? = nil, contentType: String? = nil, customMetadata: [String: String] = [:]
    ) {
        self.customMetadata = customMetadata
        self.cacheControl = cacheControl
        self.contentDisposition = contentDisposition
        self.contentEncoding = contentEncoding
        self.contentLanguage = contentLanguage
        self.contentType = contentType
    }

    public subscript(field: MetadataField) -> String? {
        get { texts[field.rawValue] }
        set { texts[field.rawValue] = newValue }
    }

    public var cacheControl: String? {
        get { self[.cacheControl] }
        set { self[.cacheControl] = newValue }
    }
    public var contentDisposition: String? {
        get { self[.contentDisposition] }
        set { self[.contentDisposition] = newValue }
    }
    public var contentEncoding: String? {
        get { self[.contentEncoding] }
        set { self[.contentEncoding] = newValue }
    }
    public var contentLanguage: String? {
        get { self[.contentLanguage] }
        set { self[.contentLanguage] = newValue }
    }
    public var contentType: String? {
        get { self[.contentType] }
        set { self[.contentType] = newValue }
    }
}

/// A writable text of an object's metadata: a row of the field table a client sets (`ObjectField.writable`,
/// less the custom metadata), named by its wire name. `allCases` is read from the table, so a new row is a new
/// case with nothing to add here.
public struct MetadataField: Sendable, Hashable, CaseIterable, RawRepresentable {
    /// The table's row.
    let row: ObjectField

    init(row: ObjectField) {
        self.row = row
    }

    /// The field whose wire name is `rawValue`; nil when no writable text has it.
    public init?(rawValue: String) {
        guard let field = Self.allCases.first(where: { $0.rawValue == rawValue }) else { return nil }
        self = field
    }

    public var rawValue: String { row.wireName }

    /// In name order, the order the wire and the records write them in.
    public static let allCases: [MetadataField] = ObjectField.all.compactMap(\.metadataField).sorted {
        $0.rawValue < $1.rawValue
    }

    public static let cacheControl = MetadataField(row: .cacheControl)
    public static let contentDisposition = MetadataField(row: .contentDisposition)
    public static let contentEncoding = MetadataField(row: .contentEncoding)
    public static let contentLanguage = MetadataField(row: .contentLanguage)
    public static let contentType = MetadataField(row: .contentType)
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

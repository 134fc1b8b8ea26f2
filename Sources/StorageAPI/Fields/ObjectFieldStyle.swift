/// How one dialect writes an object's metadata: which fields of the table it carries and in what order (each
/// dialect's own: production's answers, the emulator's files), what it calls a field where its name differs
/// from the table's, and how it writes each kind of value. The dialects are in `ObjectFieldStyle+Dialects`.
public struct ObjectFieldStyle: Sendable {
    /// How counts (generation, metageneration, size) are written.
    public enum Counts: Sendable {
        /// `"11"`, as the GCS and v0 JSON carry 64-bit numbers.
        case decimalStrings
        /// `11`.
        case numbers
    }

    /// How checksums are written (decoders read either).
    public enum Checksums: Sendable {
        /// Base64: of the MD5 digest, of the CRC32C's big-endian value.
        case base64
        /// The CRC32C's value in decimal, in a string, as the emulator keeps it; the MD5 in base64.
        case decimalCRC32C
    }

    /// How download tokens are written (decoders read either).
    public enum Tokens: Sendable {
        /// One string, comma-separated; left out when there are none.
        case commaJoined
        /// A list of strings, empty when there are none.
        case list
    }

    /// What a decoder makes of a custom metadata value that is not a string.
    public enum CustomValues: Sendable {
        /// Only strings; a null drops the key.
        case strings
        /// Any value, kept as its JSON text; a null is the empty string (the emulator's reading).
        case anyAsText
    }

    /// The fields this dialect carries, in the order it writes them.
    public var fields: [ObjectField]
    /// The dialect's names for fields it names differently from the table.
    public var renamed: [ObjectField: String]
    public var counts: Counts
    public var checksums: Checksums
    public var tokens: Tokens
    /// Whether a text at its `unsetText` (`contentEncoding: identity`) is written.
    public var writesUnsetText: Bool
    public var customValues: CustomValues
    /// The fields a decoder refuses to do without (a text must also not be empty).
    public var required: [ObjectField]

    public init(
        fields: [ObjectField], renamed: [ObjectField: String] = [:], counts: Counts = .decimalStrings,
        checksums: Checksums = .base64, tokens: Tokens = .commaJoined, writesUnsetText: Bool = true,
        customValues: CustomValues = .strings, required: [ObjectField] = []
    ) {
        self.fields = fields
        self.renamed = renamed
        self.counts = counts
        self.checksums = checksums
        self.tokens = tokens
        self.writesUnsetText = writesUnsetText
        self.customValues = customValues
        self.required = required
    }

    /// The member name of `field` in this dialect.
    public func key(_ field: ObjectField) -> String {
        renamed[field] ?? field.wireName
    }

    /// The field this dialect calls `key`, if it carries one by that name.
    public func field(named key: String) -> ObjectField? {
        fields.first { self.key($0) == key }
    }
}

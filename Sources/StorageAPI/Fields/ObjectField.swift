import Foundation
import Primitives

/// One field of an object's metadata: its wire name, the kind of its value, where `ObjectResource` keeps it,
/// whether a client may write it, who is shown it, the header that carries it and whether the rules read it.
/// `ObjectField.all` is the table every codec, the headers, the data directory, the write-only answer and the
/// rules' `resource` read; each dialect's `ObjectFieldStyle` says which of these fields it carries, in what
/// order, and how it writes each kind.
public struct ObjectField: Sendable, Hashable, CustomStringConvertible {
    /// The kind of value a field holds.
    public enum Kind: Sendable, Equatable {
        case text, count, time
        case checksum(Checksum)
        case tokens, stringMap
    }

    /// Which digest a checksum field holds (both are base64 in `ObjectResource`).
    public enum Checksum: Sendable, Equatable {
        case md5, crc32c
    }

    /// Who is shown a field. Every row says it: there is no default, so a new field is not shown by accident.
    public enum Audience: Sendable, Equatable {
        /// Anyone told of the object, a caller who may write it but not read it included: its address, size,
        /// generations, times.
        case anyone
        /// Only a caller who may read the object; a caller who may only write it is shown what it set itself
        /// (`WriteOnlyAnswer`) and nothing else.
        case readers
    }

    /// The HTTP header that carries a writable text: an XML write sets the field by it, a download answers it.
    public enum Header: Sendable, Equatable {
        /// Set by a write's header and answered in a download's as it is stored.
        case echoed(String)
        /// Set by a write's header; a download answers it its own way (the content type with a default, the
        /// coding as the bytes are sent).
        case written(String)

        public var name: String {
            switch self {
            case .echoed(let name), .written(let name): name
            }
        }
    }

    /// The name in the GCS and Firebase v0 JSON (`metadata` for the custom metadata).
    public let wireName: String
    public let kind: Kind
    /// Whether a client may set it, at upload or by a patch: the `MetadataField`s and the custom metadata.
    public let isWritable: Bool
    /// The text that means "not set" (`identity` for `contentEncoding`); some dialects leave it out.
    public let unsetText: String?
    public let audience: Audience
    /// Nil for a field no header carries.
    public let header: Header?
    /// Whether the rules read it, under `wireName`, as `resource.NAME` and `request.resource.NAME`.
    public let isSeenByRules: Bool
    /// The counts a service may report: a generation starts at 1; nothing from outside exceeds what
    /// `CheckedNumber` allows (5 TiB for a size, 2^62 - 1 for a generation).
    public let range: ClosedRange<Int64>
    private let read: @Sendable (ObjectResource) -> ObjectFieldValue?
    /// Nil for a field derived from another one, which decoders do not set.
    private let write: (@Sendable (inout ObjectResource, ObjectFieldValue?) -> Void)?

    init(
        _ wireName: String, _ kind: Kind, _ audience: Audience, rules: Bool, header: Header? = nil,
        writable: Bool = false, unsetText: String? = nil, range: ClosedRange<Int64> = 0...CheckedNumber.largestObject,
        read: @escaping @Sendable (ObjectResource) -> ObjectFieldValue?,
        write: (@Sendable (inout ObjectResource, ObjectFieldValue?) -> Void)?
    ) {
        self.wireName = wireName
        self.kind = kind
        self.audience = audience
        isSeenByRules = rules
        self.header = header
        isWritable = writable
        self.unsetText = unsetText
        self.range = range
        self.read = read
        self.write = write
    }

    /// The field's value in `resource`; nil when it has none (an optional text that is not set).
    public func value(in resource: ObjectResource) -> ObjectFieldValue? {
        read(resource)
    }

    /// Sets the field; nil (or a value of another kind) clears it: no text, `unsetText`, zero, 1970, empty.
    /// A derived field is left alone.
    public func set(_ value: ObjectFieldValue?, in resource: inout ObjectResource) {
        write?(&resource, value)
    }

    /// Whether the field is computed from another one (and so never set by a decoder).
    public var isDerived: Bool { write == nil }

    /// The writable text field this is, if it is one.
    public var metadataField: MetadataField? {
        isWritable && kind == .text ? MetadataField(row: self) : nil
    }

    /// The row of a writable text field.
    public init(_ field: MetadataField) {
        self = field.row
    }

    public var description: String { wireName }

    public static func == (lhs: ObjectField, rhs: ObjectField) -> Bool { lhs.wireName == rhs.wireName }

    public func hash(into hasher: inout Hasher) { hasher.combine(wireName) }
}

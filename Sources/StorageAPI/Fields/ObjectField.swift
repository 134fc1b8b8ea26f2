import Foundation
import Primitives

/// One field of an object's metadata: its wire name, the kind of its value, where `ObjectResource` keeps it
/// and whether a client may write it. `ObjectField.all` is the table every codec reads; each dialect's
/// `ObjectFieldStyle` says which of these fields it carries, in what order, and how it writes each kind.
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

    /// The name in the GCS and Firebase v0 JSON (`metadata` for the custom metadata).
    public let wireName: String
    public let kind: Kind
    /// Whether a client may set it, at upload or by a patch: the `MetadataField`s and the custom metadata.
    public let isWritable: Bool
    /// The text that means "not set" (`identity` for `contentEncoding`); some dialects leave it out.
    public let unsetText: String?
    /// The counts a service may report: a generation starts at 1; nothing from outside exceeds what
    /// `CheckedNumber` allows (5 TiB for a size, 2^62 - 1 for a generation).
    public let range: ClosedRange<Int64>
    private let read: @Sendable (ObjectResource) -> ObjectFieldValue?
    /// Nil for a field derived from another one, which decoders do not set.
    private let write: (@Sendable (inout ObjectResource, ObjectFieldValue?) -> Void)?

    init(
        _ wireName: String, _ kind: Kind, writable: Bool = false, unsetText: String? = nil,
        range: ClosedRange<Int64> = 0...CheckedNumber.largestObject,
        read: @escaping @Sendable (ObjectResource) -> ObjectFieldValue?,
        write: (@Sendable (inout ObjectResource, ObjectFieldValue?) -> Void)?
    ) {
        self.wireName = wireName
        self.kind = kind
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
        isWritable ? MetadataField(rawValue: wireName) : nil
    }

    /// The row of a writable text field.
    public init(_ field: MetadataField) {
        switch field {
        case .cacheControl: self = .cacheControl
        case .contentDisposition: self = .contentDisposition
        case .contentEncoding: self = .contentEncoding
        case .contentLanguage: self = .contentLanguage
        case .contentType: self = .contentType
        }
    }

    public var description: String { wireName }

    public static func == (lhs: ObjectField, rhs: ObjectField) -> Bool { lhs.wireName == rhs.wireName }

    public func hash(into hasher: inout Hasher) { hasher.combine(wireName) }
}

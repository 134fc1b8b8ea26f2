import Foundation
import StorageAPI

/// An object's metadata as the client sees it (the SDK's `StorageMetadata`): the fields a caller may
/// write, the values the service reported, and what changed since.
///
/// A metadata made with `init()` is for an upload; one made from an `ObjectResource` keeps that resource, so
/// `patch()` sends only what the caller changed and `resource` shows the object with the caller's changes.
/// Equality compares the visible values, not the remembered ones.
public struct StorageMetadata: Sendable, Equatable {
    /// What the service reported; nil for metadata made for an upload.
    private let reported: ObjectResource?
    /// The writable texts as the caller sees them now (the custom metadata is `customMetadata`).
    private var texts: ObjectMetadataFields
    /// Custom key/value pairs; nil when the object has none.
    public var customMetadata: [String: String]?
    /// The object's full path. An upload task fills it in from its reference.
    public var path: String?

    public var cacheControl: String? {
        get { texts.cacheControl }
        set { texts.cacheControl = newValue }
    }
    public var contentDisposition: String? {
        get { texts.contentDisposition }
        set { texts.contentDisposition = newValue }
    }
    public var contentEncoding: String? {
        get { texts.contentEncoding }
        set { texts.contentEncoding = newValue }
    }
    public var contentLanguage: String? {
        get { texts.contentLanguage }
        set { texts.contentLanguage = newValue }
    }
    public var contentType: String? {
        get { texts.contentType }
        set { texts.contentType = newValue }
    }

    /// A writable text by its field.
    public subscript(field: MetadataField) -> String? {
        get { texts[field] }
        set { texts[field] = newValue }
    }

    /// The bucket; `""` for a metadata not returned by the service.
    public var bucket: String { reported?.bucket ?? "" }
    public var generation: Int64 { reported?.generation ?? 0 }
    public var metageneration: Int64 { reported?.metageneration ?? 0 }
    /// The size in bytes; 0 when not known.
    public var size: Int64 { reported?.size ?? 0 }
    /// Base64 of the MD5 digest.
    public var md5Hash: String? { reported?.md5Hash }
    public var timeCreated: Date? { reported?.timeCreated }
    public var updated: Date? { reported?.updated }
    /// True for metadata the service returned about an object.
    public var isFile: Bool { reported != nil }

    /// Empty metadata, for an upload.
    public init() {
        reported = nil
        texts = ObjectMetadataFields()
    }

    /// The metadata the service returned for an object. No custom metadata reads as nil.
    public init(resource: ObjectResource) {
        reported = resource
        texts = resource.writableFields
        texts.customMetadata = [:]
        customMetadata = resource.customMetadata.isEmpty ? nil : resource.customMetadata
        path = resource.name
    }

    /// The object as this metadata shows it: what the service reported (`ObjectResource.blank` for metadata made
    /// for an upload) with the caller's writable fields, custom metadata and path.
    public var resource: ObjectResource {
        var resource = reported ?? .blank
        resource.writableFields = uploadFields
        resource.name = path ?? ""
        return resource
    }

    /// The last segment of `path`.
    public var name: String? {
        path.map(StoragePath.lastSegment(of:))
    }

    /// What an upload sends: the writable fields, and the custom metadata (none when nil).
    public var uploadFields: ObjectMetadataFields {
        var fields = texts
        fields.customMetadata = customMetadata ?? [:]
        return fields
    }

    /// The update that turns the values this metadata was created from into its current ones (the SDK's
    /// `updatedMetadata()`): a changed field is set, a removed one removed, an unchanged one left out.
    /// Custom keys are compared one by one (a removed key is deleted); setting `customMetadata` to nil
    /// when the object had some clears them all (`metadata: null`), while `[:]` deletes them key by key.
    /// For `init()` metadata, every non-nil field and custom key is set.
    public func patch() -> MetadataPatch {
        let before =
            reported.map(StorageMetadata.init(resource:))?.writableValues
            ?? WritableValues(fields: ObjectMetadataFields(), customMetadata: nil)
        let now = writableValues
        var patch = MetadataPatch()
        for field in MetadataField.allCases where !sameText(before.fields[field], now.fields[field]) {
            patch.fields[field] = .some(now.fields[field])
        }
        let oldCustom = before.customMetadata ?? [:]
        guard let newCustom = now.customMetadata else {
            patch.removesAllCustomMetadata = !oldCustom.isEmpty
            return patch
        }
        for (key, value) in newCustom where !sameText(oldCustom[key], value) {
            patch.customMetadata[key] = .some(value)
        }
        for key in oldCustom.keys where newCustom[key] == nil {
            patch.customMetadata[key] = .some(nil)
        }
        return patch
    }

    public static func == (lhs: StorageMetadata, rhs: StorageMetadata) -> Bool {
        lhs.bucket == rhs.bucket && lhs.writableValues == rhs.writableValues
            && lhs.generation == rhs.generation && lhs.metageneration == rhs.metageneration
            && lhs.size == rhs.size && lhs.md5Hash == rhs.md5Hash && lhs.path == rhs.path
            && lhs.timeCreated == rhs.timeCreated && lhs.updated == rhs.updated && lhs.isFile == rhs.isFile
    }

    private var writableValues: WritableValues {
        WritableValues(fields: uploadFields, customMetadata: customMetadata)
    }

    /// Byte-exact comparison: a change between canonically equivalent spellings is still a change.
    private func sameText(_ left: String?, _ right: String?) -> Bool {
        switch (left, right) {
        case (nil, nil): true
        case (let left?, let right?): left.utf8.elementsEqual(right.utf8)
        default: false
        }
    }

    /// The values `patch()` compares; custom metadata keeps the difference between nil and empty.
    private struct WritableValues: Sendable, Equatable {
        var fields: ObjectMetadataFields
        var customMetadata: [String: String]?
    }
}

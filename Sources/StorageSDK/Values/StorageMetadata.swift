import Foundation
import StorageAPI

/// An object's metadata as the client sees it (the SDK's `StorageMetadata`): the fields a caller may
/// write, the values the service reported, and what changed since.
///
/// A metadata made with `init()` is for an upload; one made from an `ObjectResource` remembers the
/// writable values it started with, so `patch()` sends only what the caller changed. Equality compares
/// the visible values, not the remembered ones.
public struct StorageMetadata: Sendable, Equatable {
    /// The bucket; `""` for a metadata not returned by the service.
    public let bucket: String
    public var cacheControl: String?
    public var contentDisposition: String?
    public var contentEncoding: String?
    public var contentLanguage: String?
    public var contentType: String?
    /// Custom key/value pairs; nil when the object has none.
    public var customMetadata: [String: String]?
    public let generation: Int64
    public let metageneration: Int64
    /// The size in bytes; 0 when not known.
    public let size: Int64
    /// Base64 of the MD5 digest.
    public let md5Hash: String?
    /// The object's full path. An upload task fills it in from its reference.
    public var path: String?
    public let timeCreated: Date?
    public let updated: Date?
    /// True for metadata the service returned about an object.
    public let isFile: Bool

    /// The writable values this metadata was created from; nil for `init()`.
    private let original: WritableValues?

    /// Empty metadata, for an upload.
    public init() {
        bucket = ""
        generation = 0
        metageneration = 0
        size = 0
        md5Hash = nil
        timeCreated = nil
        updated = nil
        isFile = false
        original = nil
    }

    /// The metadata the service returned for an object. No custom metadata reads as nil.
    public init(resource: ObjectResource) {
        bucket = resource.bucket
        cacheControl = resource.cacheControl
        contentDisposition = resource.contentDisposition
        contentEncoding = resource.contentEncoding
        contentLanguage = resource.contentLanguage
        contentType = resource.contentType
        customMetadata = resource.customMetadata.isEmpty ? nil : resource.customMetadata
        generation = resource.generation
        metageneration = resource.metageneration
        size = resource.size
        md5Hash = resource.md5Hash
        path = resource.name
        timeCreated = resource.timeCreated
        updated = resource.updated
        isFile = true
        original = WritableValues(
            fields: ObjectMetadataFields(
                cacheControl: cacheControl, contentDisposition: contentDisposition, contentEncoding: contentEncoding,
                contentLanguage: contentLanguage, contentType: contentType, customMetadata: resource.customMetadata),
            customMetadata: customMetadata)
    }

    /// The last segment of `path`.
    public var name: String? {
        path.map(StoragePath.lastSegment(of:))
    }

    /// What an upload sends: the writable fields, and the custom metadata (none when nil).
    public var uploadFields: ObjectMetadataFields {
        ObjectMetadataFields(
            cacheControl: cacheControl, contentDisposition: contentDisposition, contentEncoding: contentEncoding,
            contentLanguage: contentLanguage, contentType: contentType, customMetadata: customMetadata ?? [:])
    }

    /// The update that turns the values this metadata was created from into its current ones (the SDK's
    /// `updatedMetadata()`): a changed field is set, a removed one removed, an unchanged one left out.
    /// Custom keys are compared one by one (a removed key is deleted); setting `customMetadata` to nil
    /// when the object had some clears them all (`metadata: null`), while `[:]` deletes them key by key.
    /// For `init()` metadata, every non-nil field and custom key is set.
    public func patch() -> MetadataPatch {
        let before = original ?? WritableValues(fields: ObjectMetadataFields(), customMetadata: nil)
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

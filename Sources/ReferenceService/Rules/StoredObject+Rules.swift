import Foundation
import SecurityRules
import StorageAPI

extension StoredObject {
    /// The object as the rules read it (`resource`, or `request.resource` of an update).
    func rulesObject(bucket: String) -> RulesObject {
        RulesObject(
            name: name, bucket: bucket, size: size, contentType: metadata.contentType, md5Hash: digests.md5Hash,
            crc32c: digests.crc32c, etag: etag, metadata: metadata.customMetadata,
            contentDisposition: metadata.contentDisposition, cacheControl: metadata.cacheControl,
            contentEncoding: metadata.contentEncoding ?? "identity", contentLanguage: metadata.contentLanguage,
            timeCreated: timeCreated, updated: updated, generation: generation, metageneration: metageneration)
    }

    /// `request.resource` of an upload: the object as it would be stored through `layer` (the defaults filled in as
    /// `init` and the layer do), with what is known so far. Its generation and etag are minted when it is stored,
    /// so they read null.
    static func incoming(
        name: String, bucket: String, metadata given: ObjectMetadataFields, size: Int64?, digests: ObjectDigests?,
        layer: StorageLayer, now: Date
    ) -> RulesObject {
        let time = now.truncatedToMilliseconds
        let metadata = layer == .firebase ? FirebaseLayer.withDefaults(given, name: name) : given
        return RulesObject(
            name: name, bucket: bucket, size: size ?? 0, contentType: metadata.contentType ?? defaultContentType,
            md5Hash: digests?.md5Hash, crc32c: digests?.crc32c, metadata: metadata.customMetadata,
            contentDisposition: metadata.contentDisposition,
            cacheControl: metadata.cacheControl, contentEncoding: metadata.contentEncoding ?? "identity",
            contentLanguage: metadata.contentLanguage, timeCreated: time, updated: time, metageneration: 1)
    }

    /// The fields of `incoming` an upload's start knows: everything but the digests, the stamps and (unless it
    /// was declared) the size.
    static func fieldsKnownAtStart(sizeDeclared: Bool) -> Set<RulesObjectField> {
        var known: Set<RulesObjectField> = [
            .name, .bucket, .contentType, .metadata, .contentDisposition, .cacheControl, .contentEncoding,
            .contentLanguage, .metageneration,
        ]
        if sizeDeclared { known.insert(.size) }
        return known
    }

    /// Which version of an object a decision was made on, to tell whether it is still there when the request acts.
    var version: ObjectVersion { ObjectVersion(generation: generation, metageneration: metageneration) }
}

/// An object's generation and metageneration: what changes whenever it is replaced or its metadata updated.
struct ObjectVersion: Sendable, Equatable {
    let generation: Int64
    let metageneration: Int64
}

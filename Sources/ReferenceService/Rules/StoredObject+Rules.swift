import Foundation
import SecurityRules
import StorageAPI

extension StoredObject {
    /// The object as the rules read it (`resource`, or `request.resource` of an update).
    func rulesObject(bucket: String) -> RulesObject {
        resource(bucket: bucket).rulesObject()
    }

    /// `request.resource` of an upload: the object as it would be stored through `layer` (the defaults filled in as
    /// `init` and the layer do), with what is known so far. Its generation and etag are minted when it is stored,
    /// so they read null.
    static func incoming(
        name: String, bucket: String, metadata given: ObjectMetadataFields, size: Int64?, digests: ObjectDigests?,
        layer: StorageLayer, now: Date
    ) -> RulesObject {
        let time = now.truncatedToMilliseconds
        var metadata = layer == .firebase ? FirebaseLayer.withDefaults(given, name: name) : given
        if metadata.contentType == nil { metadata.contentType = defaultContentType }
        var resource = ObjectResource(
            bucket: bucket, name: name, generation: 0, metageneration: 1, size: size ?? 0,
            md5Hash: digests?.md5Hash ?? "", crc32c: digests?.crc32c ?? "", etag: "", timeCreated: time, updated: time)
        resource.writableFields = metadata
        let unknown: Set<ObjectField> =
            digests == nil ? [.generation, .etag, .md5Hash, .crc32c] : [.generation, .etag]
        return resource.rulesObject(unknown: unknown)
    }

    /// The fields of `incoming` an upload's start knows: the address, what the client writes, the metageneration
    /// and (when it was declared) the size; not the digests or the stamps.
    static func fieldsKnownAtStart(sizeDeclared: Bool) -> Set<ObjectField> {
        Set(ObjectField.writable + [.name, .bucket, .metageneration] + (sizeDeclared ? [.size] : []))
    }

    /// Which version of an object a decision was made on, to tell whether it is still there when the request acts.
    var version: ObjectVersion { ObjectVersion(generation: generation, metageneration: metageneration) }
}

/// An object's generation and metageneration: what changes whenever it is replaced or its metadata updated.
struct ObjectVersion: Sendable, Equatable {
    let generation: Int64
    let metageneration: Int64
}

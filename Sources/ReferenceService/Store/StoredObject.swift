import Foundation
import Primitives
import StorageAPI

/// One object as the service keeps it: its bytes and everything its metadata reports.
struct StoredObject: Sendable {
    static let defaultContentType = "application/octet-stream"

    let name: String
    /// Never mutated after the object is stored, so reads can hand it out as is (in memory, zero-based).
    let bytes: StoredBytes
    let generation: Int64
    private(set) var metageneration: Int64 = 1
    let digests: ObjectDigests
    private(set) var etag: String
    let timeCreated: Date
    private(set) var updated: Date
    /// As given at upload, with the default content type filled in; `contentEncoding` nil reads `identity`.
    private(set) var metadata: ObjectMetadataFields
    private(set) var downloadTokens: [String]

    /// An object as an upload commits it: metageneration 1, one fresh download token, unless `stamps` fix them; the
    /// default content type filled in (the Firebase layer's default disposition is the store's to add).
    init(
        name: String, bytes: StoredBytes, digests: ObjectDigests, metadata: ObjectMetadataFields, generation: Int64,
        now: Date, stamps: FixedStamps = FixedStamps()
    ) {
        self.name = name
        self.bytes = bytes
        self.generation = generation
        self.digests = digests
        var metadata = metadata
        if metadata.contentType == nil { metadata.contentType = Self.defaultContentType }
        self.metadata = metadata
        timeCreated = (stamps.timeCreated ?? now).truncatedToMilliseconds
        updated = stamps.updated?.truncatedToMilliseconds ?? timeCreated
        downloadTokens = stamps.downloadTokens ?? [Identifiers.randomUUID()]
        metageneration = stamps.metageneration ?? 1
        etag = Identifiers.etag(generation: generation, metageneration: metageneration)
    }

    /// An object exactly as it was stored before (read back from the data directory): no defaults filled in.
    init(
        restoring name: String, bytes: StoredBytes, digests: ObjectDigests, metadata: ObjectMetadataFields,
        generation: Int64, metageneration: Int64, timeCreated: Date, updated: Date, downloadTokens: [String]
    ) {
        self.name = name
        self.bytes = bytes
        self.digests = digests
        self.metadata = metadata
        self.generation = generation
        self.metageneration = metageneration
        self.timeCreated = timeCreated
        self.updated = updated
        self.downloadTokens = downloadTokens
        etag = Identifiers.etag(generation: generation, metageneration: metageneration)
    }

    var size: Int64 { bytes.count }

    /// Applies a PATCH: absent fields unchanged, `.some(nil)` removes; custom keys merge (nil deletes),
    /// after clearing them all when the patch says so. Bumps metageneration and `updated`.
    mutating func apply(_ patch: MetadataPatch, at now: Date) {
        for (field, value) in patch.fields {
            metadata[field] = value
        }
        if patch.removesAllCustomMetadata {
            metadata.customMetadata = [:]
        }
        for (key, value) in patch.customMetadata {
            // The tokens' key sets (or, set to null, removes) the download tokens, as on GCS.
            if DownloadTokensMetadata.key(in: [key]) != nil {
                downloadTokens = value.map(DownloadTokensMetadata.tokens) ?? []
            } else {
                metadata.customMetadata[key] = value
            }
        }
        metageneration = metageneration < .max ? metageneration + 1 : .max
        updated = now.truncatedToMilliseconds
        etag = Identifiers.etag(generation: generation, metageneration: metageneration)
    }

    /// The bytes of `length` (to the end when nil) from `offset`: 416 when `offset` is past the end
    /// (for an empty object, anything but 0). In memory, a read of the whole object shares its storage and a
    /// partial read copies only the bytes asked for, into a zero-based `Data`; on disk, it is a region of the
    /// object's file, opened for the read.
    func read(offset: Int64, length: Int64?, opened: OpenFile? = nil) throws(BackendError) -> ObjectRead {
        guard offset >= 0 else { throw .badRequest("Invalid read: the offset \(offset) is negative.") }
        if let length, length < 0 { throw .badRequest("Invalid read: the length \(length) is negative.") }
        let size = self.size
        if size == 0 ? offset > 0 : offset >= size {
            throw BackendError(
                status: 416, "Requested range not satisfiable: offset \(offset) of an object of \(size) bytes.")
        }
        let end = length.map { $0 >= size - offset ? size : offset + $0 } ?? size
        let data: Data
        switch bytes {
        case .file(let blob):
            let file: OpenFile
            if let opened { file = opened } else { file = try blob.open() }
            var read = ObjectRead(data: Data(), totalSize: size)
            read.file = FileRegion(file: file, offset: offset, length: end - offset)
            return read
        case .memory(let stored):
            data = stored
        }
        if offset == 0 && end == size {
            return ObjectRead(data: data, totalSize: size)
        }
        let range = Int(offset)..<Int(end)
        let copied = data.withUnsafeBytes { Data(UnsafeRawBufferPointer(rebasing: $0[range])) }
        return ObjectRead(data: copied, totalSize: size)
    }

    /// The object's file opened for a read, when its bytes are on disk.
    func open() throws(BackendError) -> OpenFile? {
        guard case .file(let blob) = bytes else { return nil }
        return try blob.open()
    }

    func resource(bucket: String) -> ObjectResource {
        var resource = ObjectResource(
            bucket: bucket, name: name, generation: generation, metageneration: metageneration, size: size,
            md5Hash: digests.md5Hash, crc32c: digests.crc32c, etag: etag, timeCreated: timeCreated, updated: updated,
            storageClass: "STANDARD", downloadTokens: downloadTokens)
        resource.writableFields = metadata
        return resource
    }
}

import Foundation
import Primitives

/// One finished object as the data directory keeps it (`objects/ID.json`): everything its metadata reports;
/// its bytes are `blobs/ID`.
struct ObjectRecord {
    var bucket: String
    var object: StoredObject
    /// The object's id in the directory: its record's and its blob's name.
    var id: String

    /// The record's JSON: sizes and generations as decimal strings, as the wire carries them.
    var json: Data {
        var members: [JSONValue.Member] = [
            .init("bucket", .string(bucket)), .init("name", .string(object.name)),
            .init("size", .string(String(object.size))), .init("generation", .string(String(object.generation))),
            .init("metageneration", .string(String(object.metageneration))),
            .init("md5Hash", .string(object.digests.md5Hash)), .init("crc32c", .string(object.digests.crc32c)),
            .init("timeCreated", .string(StorageDateFormat.string(from: object.timeCreated))),
            .init("updated", .string(StorageDateFormat.string(from: object.updated))),
            .init("downloadTokens", .array(object.downloadTokens.map { .string($0) })),
        ]
        members += RecordJSON.members(of: object.metadata)
        return JSONValue.object(members).data
    }

    /// Reads a record written by `json`, whose bytes are the blob `id` at `path`, of `blobSize` bytes (nil when
    /// the blob is missing): the record's size must be the blob's.
    init(_ data: Data, file: String, blob id: String, at path: String, size blobSize: Int64?) throws(DataDirectoryError)
    {
        let record = try RecordJSON(data, file: file)
        guard let blobSize else { throw DataDirectoryError("\(file): its bytes, blobs/\(id), are missing") }
        let size = try record.integer("size", in: 0...CheckedNumber.largestObject)
        guard size == blobSize else {
            throw DataDirectoryError("\(file): the object has \(size) bytes, but its blob \(path) has \(blobSize)")
        }
        let blob = BlobFile(id: id, path: path, size: size)
        guard let digests = ObjectDigests(md5Hash: try record.string("md5Hash"), crc32c: try record.string("crc32c"))
        else { throw DataDirectoryError("\(file): \"md5Hash\" or \"crc32c\" is not a base64 digest") }
        self.id = id
        bucket = try record.string("bucket")
        object = StoredObject(
            restoring: try record.string("name"), bytes: .file(blob), digests: digests,
            metadata: try record.metadataFields(),
            generation: try record.integer("generation", in: 1...CheckedNumber.largestGeneration),
            metageneration: try record.integer("metageneration", in: 1...CheckedNumber.largestGeneration),
            timeCreated: try record.date("timeCreated"),
            updated: try record.date("updated"), downloadTokens: try record.strings("downloadTokens"))
    }

    /// The record of an object whose bytes are a blob; nil for one kept in memory.
    init?(bucket: String, object: StoredObject) {
        guard case .file(let blob) = object.bytes else { return nil }
        self.bucket = bucket
        self.object = object
        id = blob.id
    }
}

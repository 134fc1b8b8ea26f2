import Foundation
import StorageModel

/// An object resource as the GCS JSON API writes it: counts as decimal strings, `md5Hash` and `crc32c` in
/// base64, `selfLink` and `mediaLink` on this server, custom metadata under `metadata`. Firebase's download
/// tokens stay out: the store mints them on every upload, GCS objects have none.
enum GCSObjectJSON {
    static func json(_ resource: ObjectResource, base: String) -> JSONValue {
        let path = "/b/" + GCSEscaping.escape(resource.bucket) + "/o/" + GCSEscaping.escape(resource.name)
        var members: [JSONValue.Member] = [
            .init("kind", .string("storage#object")),
            .init("id", .string("\(resource.bucket)/\(resource.name)/\(resource.generation)")),
            .init("selfLink", .string(base + "/storage/v1" + path)),
            .init(
                "mediaLink",
                .string(base + "/download/storage/v1" + path + "?generation=\(resource.generation)&alt=media")),
            .init("name", .string(resource.name)),
            .init("bucket", .string(resource.bucket)),
            .init("generation", .string(String(resource.generation))),
            .init("metageneration", .string(String(resource.metageneration))),
            .init("storageClass", .string(resource.storageClass)),
            .init("size", .string(String(resource.size))),
            .init("md5Hash", .string(resource.md5Hash)),
            .init("crc32c", .string(resource.crc32c)),
            .init("etag", .string(resource.etag)),
            .init("timeCreated", .string(StorageDateFormat.string(from: resource.timeCreated))),
            .init("updated", .string(StorageDateFormat.string(from: resource.updated))),
            .init("timeStorageClassUpdated", .string(StorageDateFormat.string(from: resource.timeCreated))),
        ]
        if resource.contentEncoding != "identity" {
            members.append(.init("contentEncoding", .string(resource.contentEncoding)))
        }
        let optional: [(String, String?)] = [
            ("contentType", resource.contentType), ("contentDisposition", resource.contentDisposition),
            ("contentLanguage", resource.contentLanguage),
            ("cacheControl", resource.cacheControl),
        ]
        for (key, value) in optional {
            if let value { members.append(.init(key, .string(value))) }
        }
        if !resource.customMetadata.isEmpty {
            members.append(.init("metadata", CustomMetadataJSON.json(resource.customMetadata)))
        }
        return .object(members)
    }

    static func response(_ resource: ObjectResource, base: String, status: Int = 200) -> HTTPResponse {
        WireResponse.json(json(resource, base: base).data, status: status)
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// An object resource as the GCS JSON API writes it: counts as decimal strings, `md5Hash` and `crc32c` in
/// base64, `selfLink` and `mediaLink` on this server, custom metadata under `metadata`. Firebase's download
/// tokens stay out: the store mints them on every upload, GCS objects have none.
package enum GCSObjectJSON {
    package static func encode(_ resource: ObjectResource, base: String) -> Data {
        let path = "/b/" + GCSEscaping.escape(resource.bucket) + "/o/" + GCSEscaping.escape(resource.name)
        let generation = String(resource.generation)
        var writer = JSONObjectWriter()
        writer.string("kind", "storage#object")
        writer.string("id", resource.bucket + "/" + resource.name + "/" + generation)
        writer.string("selfLink", base + "/storage/v1" + path)
        writer.string("mediaLink", base + "/download/storage/v1" + path + "?generation=" + generation + "&alt=media")
        writer.string("name", resource.name)
        writer.string("bucket", resource.bucket)
        writer.string("generation", generation)
        writer.string("metageneration", String(resource.metageneration))
        writer.string("storageClass", resource.storageClass)
        writer.string("size", String(resource.size))
        writer.string("md5Hash", resource.md5Hash)
        writer.string("crc32c", resource.crc32c)
        writer.string("etag", resource.etag)
        writer.string("timeCreated", StorageDateFormat.string(from: resource.timeCreated))
        writer.string("updated", StorageDateFormat.string(from: resource.updated))
        writer.string("timeStorageClassUpdated", StorageDateFormat.string(from: resource.timeCreated))
        if let contentType = resource.contentType { writer.string("contentType", contentType) }
        if resource.contentEncoding != "identity" { writer.string("contentEncoding", resource.contentEncoding) }
        if let disposition = resource.contentDisposition { writer.string("contentDisposition", disposition) }
        if let language = resource.contentLanguage { writer.string("contentLanguage", language) }
        if let cacheControl = resource.cacheControl { writer.string("cacheControl", cacheControl) }
        if !resource.customMetadata.isEmpty {
            writer.value("metadata", CustomMetadataJSON.json(resource.customMetadata))
        }
        return writer.finish()
    }

    static func response(_ resource: ObjectResource, base: String, status: Int = 200) -> HTTPResponse {
        WireResponse.json(encode(resource, base: base), status: status)
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// An object resource as the GCS JSON API writes it (`ObjectFieldStyle.gcsJSON`): `kind`, `id`, and on this
/// server `selfLink` and `mediaLink` first, then the fields, counts as decimal strings, custom metadata under
/// `metadata`. Firebase's download tokens are shown where GCS keeps them, as the custom key
/// `firebaseStorageDownloadTokens` (`DownloadTokensMetadata`).
package enum GCSObjectJSON {
    package static func encode(_ resource: ObjectResource, base: String) -> Data {
        let path = "/b/" + GCSEscaping.escape(resource.bucket) + "/o/" + GCSEscaping.escape(resource.name)
        let generation = String(resource.generation)
        var writer = JSONObjectWriter()
        writer.string("kind", "storage#object")
        writer.string("id", resource.bucket + "/" + resource.name + "/" + generation)
        writer.string("selfLink", base + "/storage/v1" + path)
        writer.string("mediaLink", base + "/download/storage/v1" + path + "?generation=" + generation + "&alt=media")
        var shown = resource
        shown.customMetadata = DownloadTokensMetadata.adding(resource.downloadTokens, to: resource.customMetadata)
        writer.fields(of: shown, .gcsJSON)
        return writer.finish()
    }

    static func response(_ resource: ObjectResource, base: String, status: Int = 200) -> HTTPResponse {
        WireResponse.json(encode(resource, base: base), status: status)
    }

    /// Reads a GCS answer as tolerantly as v0's (counts as numbers or strings, unknown keys ignored); the download
    /// tokens are read from where GCS keeps them (`metadata.firebaseStorageDownloadTokens`), not from a top-level
    /// `downloadTokens`. Throws `.malformedResponse` naming what is wrong.
    package static func decode(_ data: Data) throws(BackendError) -> ObjectResource {
        var resource = try WireObject(parsing: data, what: "the object resource", side: .response).objectResource(
            .gcsJSON)
        if let key = DownloadTokensMetadata.key(in: resource.customMetadata.keys),
            let text = resource.customMetadata.removeValue(forKey: key)
        {
            resource.downloadTokens = DownloadTokensMetadata.tokens(text)
        }
        return resource
    }
}

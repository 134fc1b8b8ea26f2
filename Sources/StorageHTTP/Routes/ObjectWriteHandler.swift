import Foundation
import StorageModel

/// R10 and R11: metadata updates (`PATCH`, or `PUT`/`POST` with `X-HTTP-Method-Override: PATCH`) and
/// deletion (`DELETE`, answered 204).
struct ObjectWriteHandler {
    let backend: any StorageBackend

    /// Whether a `PUT` or `POST` is really a PATCH.
    static func isOverriddenPatch(_ request: StorageRequest) -> Bool {
        request.header("X-HTTP-Method-Override", is: "patch")
    }

    func update(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        let patch = try MetadataPatchJSON.decode(request.body)
        return WireResponse.resource(try backend.updateMetadata(object, patch: patch))
    }

    func delete(_ object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        try backend.deleteObject(object)
        return HTTPResponse(status: 204)
    }
}

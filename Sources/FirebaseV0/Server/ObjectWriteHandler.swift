import Foundation
import HTTPCore
import StorageAPI
import StorageWire

/// R10 and R11: metadata updates (`PATCH`, or `PUT`/`POST` with `X-HTTP-Method-Override: PATCH`) and
/// deletion (`DELETE`, answered 204).
package struct ObjectWriteHandler {
    let backend: any StorageBackend

    package init(backend: any StorageBackend) {
        self.backend = backend
    }

    /// Whether a `PUT` or `POST` is really a PATCH.
    package static func isOverriddenPatch(_ request: StorageRequest) -> Bool {
        request.header("X-HTTP-Method-Override", is: "patch")
    }

    package func update(_ request: StorageRequest, object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        let patch = try MetadataPatchJSON.decode(request.body)
        return WireResponse.resource(try backend.updateMetadata(object, patch: patch))
    }

    package func delete(_ object: ObjectAddress) throws(BackendError) -> HTTPResponse {
        try backend.deleteObject(object)
        return HTTPResponse(status: 204)
    }
}

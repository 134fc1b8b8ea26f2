import Foundation
import StorageAPI

extension StorageBackend {
    /// Stores a whole object in one go through the service's session calls (start, then one finalizing chunk),
    /// as the one-shot uploads of both dialects do; the object's resource, read back if the answer lacks it.
    package func storeWhole(
        _ data: Data, to object: ObjectAddress, metadata: ObjectMetadataFields, layer: StorageLayer = .firebase
    ) throws(BackendError) -> ObjectResource {
        try storeWhole(DataUploadBody(data), to: object, metadata: metadata, layer: layer)
    }

    /// `storeWhole` with the bytes pulled from `body` as they arrive; a body that fails midway cancels the session.
    package func storeWhole(
        _ body: any UploadBody, to object: ObjectAddress, metadata: ObjectMetadataFields,
        layer: StorageLayer = .firebase
    ) throws(BackendError) -> ObjectResource {
        let session = try startUpload(
            UploadStart(object: object, metadata: metadata, size: body.length, isOneShot: true, layer: layer))
        let status: UploadStatus
        do throws(BackendError) {
            status = try uploadChunk(session: session.id, offset: 0, body: body, finalize: true)
        } catch {
            try? cancelUpload(session: session.id)
            throw error
        }
        if let resource = status.resource { return resource }
        return try getMetadata(object)
    }
}

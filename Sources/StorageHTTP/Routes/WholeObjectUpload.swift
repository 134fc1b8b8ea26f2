import Foundation
import StorageModel

extension StorageBackend {
    /// Stores a whole object in one go through the service's session calls (start, then one finalizing chunk),
    /// as the one-shot uploads of both dialects do; the object's resource, read back if the answer lacks it.
    func storeWhole(_ data: Data, to object: ObjectAddress, metadata: ObjectMetadataFields) throws(BackendError)
        -> ObjectResource
    {
        let session = try startUpload(UploadStart(object: object, metadata: metadata, size: Int64(data.count)))
        let status = try uploadChunk(session: session.id, offset: 0, data: data, finalize: true)
        if let resource = status.resource { return resource }
        return try getMetadata(object)
    }
}

import Foundation
import StorageAPI

extension MetadataPatch {
    /// The patch as one request body can carry it. Clearing all custom keys and setting some cannot be said at
    /// once: it becomes the deletion of the object's other current keys (read with `currentKeys`), and the sets.
    package func inOneRequest(currentKeys: () throws(BackendError) -> [String]) throws(BackendError) -> MetadataPatch {
        guard removesAllCustomMetadata, !customMetadata.isEmpty else { return self }
        var patch = self
        for key in try currentKeys() where patch.customMetadata[key] == nil { patch.customMetadata[key] = .some(nil) }
        patch.removesAllCustomMetadata = false
        return patch
    }
}

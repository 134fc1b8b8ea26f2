import Foundation
import StorageAPI

/// The buckets, owned by the store: one made explicitly here or by a first write through the Firebase layer
/// (`StorageLayer`) is listed and found alike, kept in the data directory, and dropped by a reset.
extension ReferenceBackend: BucketCatalog {
    /// 409 when the bucket exists, 400 when the name breaks Cloud Storage's rules; durable before it is answered.
    @discardableResult
    public func createBucket(_ name: String) throws(BackendError) -> BucketResource {
        try BucketNameRules.validate(name)
        return try writes.withLock { (_: inout Void) throws(BackendError) -> BucketResource in
            let bucket = BucketResource(name: name, timeCreated: Date().truncatedToMilliseconds)
            try withState { (state: inout BackendState) throws(BackendError) in
                guard state.buckets[name] == nil else {
                    throw BackendError(
                        status: 409,
                        "Your previous request to create the named bucket succeeded and you already own it.")
                }
            }
            try directory?.write(bucket)
            state.withLock { $0.buckets[name] = BucketStore(timeCreated: bucket.timeCreated) }
            return bucket
        }
    }

    public func bucket(_ name: String) throws(BackendError) -> BucketResource {
        guard let store = state.withLock({ $0.buckets[name] }) else { throw .bucketNotFound(name) }
        return BucketResource(name: name, timeCreated: store.timeCreated)
    }

    public func buckets() -> [BucketResource] {
        state.withLock { state in state.buckets.map { BucketResource(name: $0.key, timeCreated: $0.value.timeCreated) }
        }
        .sorted { Array($0.name.utf8).lexicographicallyPrecedes(Array($1.name.utf8)) }
    }

    /// 404 when there is no such bucket, 409 while it holds objects; its sidecar records go with it. Open uploads
    /// into it fail when they finish through Cloud Storage's layer, and make it again through the Firebase layer's.
    public func deleteBucket(_ name: String) throws(BackendError) {
        try writes.withLock { (_: inout Void) throws(BackendError) in
            try withState { (state: inout BackendState) throws(BackendError) in
                guard let store = state.buckets[name] else { throw .bucketNotFound(name) }
                guard store.isEmpty else {
                    throw BackendError(status: 409, "The bucket you tried to delete is not empty.")
                }
            }
            directory?.removeBucket(name)
            state.withLock { _ = $0.buckets.removeValue(forKey: name) }
            dropSidecars(of: name)
        }
    }
}

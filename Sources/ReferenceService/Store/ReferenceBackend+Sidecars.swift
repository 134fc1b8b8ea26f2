import Foundation
import StorageAPI

/// A dialect's own records (`SidecarRecords`), held with the catalogue: in the data directory's `resources/`
/// when there is one, dropped by a reset and, for those beside a bucket, when the bucket is deleted.
extension ReferenceBackend: SidecarRecords {
    public func sidecar(_ key: SidecarKey) -> Data? {
        state.withLock { $0.sidecars[key] }
    }

    public func setSidecar(_ key: SidecarKey, _ record: Data?) throws(BackendError) {
        try writes.withLock { (_: inout Void) throws(BackendError) in
            if let bucket = key.bucket {
                try withState { (state: inout BackendState) throws(BackendError) in
                    guard state.buckets[bucket] != nil else { throw .bucketNotFound(bucket) }
                }
            }
            if let directory {
                if let record { try directory.write(sidecar: record, at: key) } else { directory.removeSidecar(key) }
            }
            state.withLock { $0.sidecars[key] = record }
        }
    }

    /// Every record, for an export.
    func allSidecars() -> [(key: SidecarKey, record: Data)] {
        state.withLock { state in state.sidecars.map { (key: $0.key, record: $0.value) } }
            .sorted { ($0.key.bucket ?? "", $0.key.name) < ($1.key.bucket ?? "", $1.key.name) }
    }

    /// Drops the records beside `bucket` (the bucket is being deleted; the caller holds `writes`).
    func dropSidecars(of bucket: String) {
        let keys = state.withLock { state in state.sidecars.keys.filter { $0.bucket == bucket } }
        for key in keys { directory?.removeSidecar(key) }
        state.withLock { state in for key in keys { state.sidecars[key] = nil } }
    }
}

import Foundation
import Primitives

/// Where a backend keeps a sidecar record: beside one bucket (`bucket`), which drops it when the bucket is
/// deleted, or beside the whole store (nil).
public struct SidecarKey: Sendable, Hashable {
    public var bucket: String?
    public var name: String

    public init(bucket: String?, name: String) {
        self.bucket = bucket
        self.name = name
    }
}

/// JSON records a backend keeps for a dialect's own resources beside its buckets and objects (the GCS JSON API's
/// bucket metadata, ACLs, IAM policies, notifications and HMAC keys; docs/gcs-dialect.md §7): kept in the data
/// directory when there is one, carried by export and import, dropped by a reset and with their bucket.
public protocol SidecarRecords: Sendable {
    /// The record at `key`, or nil.
    func sidecar(_ key: SidecarKey) -> Data?
    /// Writes (nil: removes) the record at `key`, durably when the backend keeps a data directory. A record beside
    /// a bucket that does not exist is refused (404).
    func setSidecar(_ key: SidecarKey, _ record: Data?) throws(BackendError)
}

/// Sidecar records in memory only, for a backend that keeps none itself.
public final class MemorySidecars: SidecarRecords {
    private let records = Locked([SidecarKey: Data]())

    public init() {}

    public func sidecar(_ key: SidecarKey) -> Data? {
        records.withLock { $0[key] }
    }

    public func setSidecar(_ key: SidecarKey, _ record: Data?) throws(BackendError) {
        records.withLock { $0[key] = record }
    }
}

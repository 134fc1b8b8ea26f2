import Foundation
import Primitives
import StorageAPI
import Synchronization

/// The GCS resources `serve` keeps beside its buckets and objects (docs/gcs-dialect.md §7): bucket metadata, ACLs,
/// IAM policies and notifications per bucket, an ACL per object, HMAC keys per project. They live in the backend's
/// sidecar records (`SidecarRecords`), so they go where its buckets go: into the data directory, an export, a
/// reset; a record is written only when a request changes it.
package final class GCSResourceStore: Sendable {
    private let records: any SidecarRecords
    /// Makes each read, change and write of a record one step.
    private let lock = Mutex(())

    private static let bucketRecord = "gcs.bucket"
    private static let hmacKeysRecord = "gcs.hmacKeys"
    private static let objectACLPrefix = "gcs.objectAcl/"

    /// Keeps the resources in `records`, or in memory when the backend keeps none.
    package init(records: (any SidecarRecords)?) {
        self.records = records ?? MemorySidecars()
    }

    /// Runs `body` on the state of `bucket`, written back when `body` changed it.
    func withBucket<T: Sendable>(
        _ bucket: BucketResource, _ body: (inout GCSBucketState) throws(BackendError) -> T
    ) throws(BackendError) -> T {
        let key = SidecarKey(bucket: bucket.name, name: Self.bucketRecord)
        return try changing(key) { (stored: JSONValue?) throws(BackendError) -> (T, JSONValue?) in
            var state = stored.flatMap(GCSBucketState.init(record:)) ?? GCSBucketState()
            let result = try body(&state)
            return (result, state.record)
        }
    }

    /// Forgets a deleted bucket's state.
    func forget(bucket name: String) {
        try? lock.withLock { (_: inout Void) throws(BackendError) in
            try records.setSidecar(SidecarKey(bucket: name, name: Self.bucketRecord), nil)
        }
    }

    /// Runs `body` on the ACL of an object's live generation, which starts as its bucket's default object ACL.
    func withObjectACL<T: Sendable>(
        _ object: ObjectResource, bucket: BucketResource?, _ body: (inout [GCSACLEntry]) throws(BackendError) -> T
    ) throws(BackendError) -> T {
        let initial: [GCSACLEntry]
        if let bucket {
            initial = try withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                state.defaultObjectACL
            }
        } else {
            initial = (try? GCSACLEntry.predefined("projectPrivate", onObject: true)) ?? []
        }
        let key = SidecarKey(bucket: object.bucket, name: Self.objectACLPrefix + object.name)
        let generation = JSONValue.string(String(object.generation))
        return try changing(key) { (stored: JSONValue?) throws(BackendError) -> (T, JSONValue?) in
            var acl = initial
            if let stored, stored["generation"]?.stringValue == generation.stringValue,
                let entries = GCSACLEntry.entries(stored["acl"], onObject: true)
            {
                acl = entries
            }
            let result = try body(&acl)
            let record = JSONValue.members(["generation": generation, "acl": .array(acl.map(\.record))])
            return (result, record)
        }
    }

    /// Runs `body` on the HMAC keys, by access id.
    func withHMACKeys<T: Sendable>(_ body: (inout [String: GCSHMACKey]) throws(BackendError) -> T)
        throws(BackendError) -> T
    {
        let key = SidecarKey(bucket: nil, name: Self.hmacKeysRecord)
        return try changing(key) { (stored: JSONValue?) throws(BackendError) -> (T, JSONValue?) in
            var keys: [String: GCSHMACKey] = [:]
            if case .array(let elements)? = stored {
                for element in elements {
                    if let key = GCSHMACKey(record: element) { keys[key.accessId] = key }
                }
            }
            let result = try body(&keys)
            let sorted = keys.values.sorted { $0.accessId < $1.accessId }
            return (result, .array(sorted.map(\.record)))
        }
    }

    /// Reads the record at `key`, lets `body` answer and say what the record becomes, and writes it when it changed.
    private func changing<T: Sendable>(
        _ key: SidecarKey, _ body: (JSONValue?) throws(BackendError) -> (T, JSONValue?)
    ) throws(BackendError) -> T {
        try lock.withLock { (_: inout Void) throws(BackendError) -> T in
            let before = records.sidecar(key)
            let (result, after) = try body(before.flatMap { try? JSONParser.parse($0) })
            let data = after?.data
            if data != before { try records.setSidecar(key, data) }
            return result
        }
    }
}

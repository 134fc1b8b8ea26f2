import Foundation
import Primitives
import StorageAPI
import Synchronization

/// The GCS resources `serve` keeps beside its buckets and objects, in memory (docs/gcs-dialect.md §7): bucket
/// metadata, ACLs, IAM policies and notifications per bucket, ACLs per object generation, HMAC keys per
/// project. A restart forgets them.
package final class GCSResourceStore: Sendable {
    private struct State {
        var buckets: [String: GCSBucketState] = [:]
        var objectACLs: [String: [GCSACLEntry]] = [:]
        var hmacKeys: [String: GCSHMACKey] = [:]
    }

    private let state = Mutex(State())

    package init() {}

    /// Runs `body` on the state of `bucket` (as the catalog reports it), made afresh for a bucket created anew.
    func withBucket<T: Sendable>(
        _ bucket: BucketResource, _ body: (inout GCSBucketState) throws(BackendError) -> T
    ) throws(BackendError) -> T {
        try state.withLock { (state: inout State) throws(BackendError) -> T in
            var current = state.buckets[bucket.name]
            if current?.created != bucket.timeCreated { current = GCSBucketState(created: bucket.timeCreated) }
            var updated = current ?? GCSBucketState(created: bucket.timeCreated)
            let result = try body(&updated)
            state.buckets[bucket.name] = updated
            return result
        }
    }

    /// Forgets a deleted bucket's state.
    func forget(bucket name: String) {
        state.withLock { _ = $0.buckets.removeValue(forKey: name) }
    }

    /// Runs `body` on the ACL of an object generation, which starts as its bucket's default object ACL.
    func withObjectACL<T: Sendable>(
        _ object: ObjectResource, bucket: BucketResource?, _ body: (inout [GCSACLEntry]) throws(BackendError) -> T
    ) throws(BackendError) -> T {
        let key = [object.bucket, object.name, String(object.generation)].joined(separator: "\u{0}")
        let initial: [GCSACLEntry]
        if let bucket {
            initial = try withBucket(bucket) { (state: inout GCSBucketState) throws(BackendError) in
                state.defaultObjectACL
            }
        } else {
            initial = (try? GCSACLEntry.predefined("projectPrivate", onObject: true)) ?? []
        }
        return try state.withLock { (state: inout State) throws(BackendError) -> T in
            var acl = state.objectACLs[key] ?? initial
            let result = try body(&acl)
            state.objectACLs[key] = acl
            return result
        }
    }

    /// Runs `body` on the HMAC keys, by access id.
    func withHMACKeys<T: Sendable>(_ body: (inout [String: GCSHMACKey]) throws(BackendError) -> T)
        throws(BackendError) -> T
    {
        try state.withLock { (state: inout State) throws(BackendError) -> T in try body(&state.hmacKeys) }
    }
}

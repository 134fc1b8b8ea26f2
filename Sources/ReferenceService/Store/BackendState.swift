import Foundation
import StorageAPI

/// Everything an `ReferenceBackend` holds behind its lock: objects by bucket, rules, upload sessions,
/// and the generation clock (which survives a reset, so generations never repeat).
struct BackendState: Sendable {
    var buckets: [String: BucketStore] = [:]
    /// A dialect's own records beside the buckets (`SidecarRecords`).
    var sidecars: [SidecarKey: Data] = [:]
    var rules = RulesTable()
    var sessions: SessionTable
    var clock = GenerationClock()
    /// Counts resets; sessions remember it to tell whether they outlived one.
    var epoch = 0

    init(sessions: SessionTable) {
        self.sessions = sessions
    }

    func object(bucket: String, name: String) -> StoredObject? {
        buckets[bucket]?.object(ObjectKey(name))
    }

    /// Throws `changedWhileDeciding` unless the object is still the version (or still absent, for nil) that a
    /// decision made outside the lock read.
    func require(_ version: ObjectVersion?, bucket: String, name: String) throws(BackendError) {
        guard object(bucket: bucket, name: name)?.version == version else {
            throw ReferenceBackend.changedWhileDeciding
        }
    }

    /// Stores `object`, replacing any object of its name, in `bucket` (made, as of `now`, when missing); returns
    /// the object it replaced.
    mutating func put(_ object: StoredObject, bucket: String, now: Date) -> StoredObject? {
        buckets[bucket, default: BucketStore(timeCreated: now.truncatedToMilliseconds)].put(
            object, at: ObjectKey(object.name))
    }

    /// Throws 404 when a write through `layer` may not make `bucket` and it does not exist; true when the write makes
    /// it.
    func makesBucket(_ bucket: String, layer: StorageLayer) throws(BackendError) -> Bool {
        guard buckets[bucket] == nil else { return false }
        guard layer == .firebase else { throw .bucketNotFound(bucket) }
        return true
    }
}

import Foundation
import StorageAPI

/// Everything an `ReferenceBackend` holds behind its lock: objects by bucket, rules, upload sessions,
/// and the generation clock (which survives a reset, so generations never repeat).
struct BackendState: Sendable {
    var buckets: [String: BucketStore] = [:]
    var rules: [String: StorageRules] = [:]
    var sessions: SessionTable
    var clock = GenerationClock()
    /// Counts resets; sessions remember it to tell whether they outlived one.
    var epoch = 0

    init(sessions: SessionTable) {
        self.sessions = sessions
    }

    func rules(for bucket: String) -> StorageRules {
        rules[bucket] ?? .allowAll
    }

    /// What production answers a request the rules refuse (recorded: listAllFailed, listSinglePageFailed).
    static let permissionDenied = "Permission denied. Could not perform this operation"

    /// Throws 403 unless `rules` allow `operation` on `path` for `caller`.
    static func authorize(_ operation: StorageRules.Operation, rules: StorageRules, path: String, caller: Caller)
        throws(BackendError)
    {
        guard !rules.allows(operation, path: path, uid: caller.uid) else { return }
        if operation == .list, rules.version < 2 {
            throw .forbidden(
                #"Listing objects in a bucket is disallowed for rules_version = "1". "#
                    + #"Please update storage security rules to rules_version = "2" to use list."#)
        }
        throw .forbidden(Self.permissionDenied)
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

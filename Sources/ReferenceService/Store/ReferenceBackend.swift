import Foundation
import Primitives
import SecurityRules
import StorageAPI

/// The reference Cloud Storage for Firebase service, in process: the oracle every live endpoint is
/// measured against.
///
/// Objects are kept per bucket under their raw names, compared and ordered byte for byte (no Unicode
/// or slash normalization). Failures are HTTP-shaped: 400 bad request, 401 unreadable ID token,
/// 403 denied by rules (checked before existence), 404 missing object or session, 416 read past the end.
/// The catalogue is in memory; the bytes are too, unless the service was opened on a data directory, which
/// then keeps objects and open uploads across restarts (`init(directory:)`).
/// Safe to call from many threads at once: one short-held lock guards the catalogue, and each upload
/// session has its own, so chunks are received, hashed and staged, and reads copied, without the shared lock.
///
/// Rules and the lock: a request reads what its decision needs (the bucket's rules, the stored object) under
/// the lock, is decided outside it, and then acts. A read answers from the object it decided on (a snapshot),
/// so nothing can change between decision and answer. A write acts under the lock only if the object is still
/// the version it decided on (same generation and metageneration, or still absent), and otherwise decides
/// again (`decidingOutsideTheLock`). Rules set meanwhile apply from the next request: the request counts as
/// made before the change.
public final class ReferenceBackend: StorageBackend {
    /// Every non-final chunk of a resumable upload must be a multiple of this many bytes.
    public let granularity: Int64

    // Lock order: a session's `progress` lock, then `writes`, then `state`; never the reverse.
    let state: Locked<BackendState>
    /// Held by every change to the stored objects, so that they reach the data directory in the order the
    /// catalogue takes them (a record is made durable before the catalogue shows it); reads never take it.
    let writes = Locked(())
    /// Where objects and open uploads are kept, when not only in memory.
    let directory: DataDirectory?

    /// The bytes resumable uploads staged in memory hold, shared with `serve`'s XML multipart parts; an upload
    /// idle past its `abandonedAfter` is evicted (404 afterwards) to make room for another.
    public let uploadBudget: PendingUploadBudget

    /// The data directory's folder, when there is one.
    public var dataDirectoryPath: String? { directory?.path }

    /// Reads take the catalogue lock briefly and copy from memory, or open a file of the data directory.

    /// - Parameters:
    ///   - granularity: the chunk granularity of upload sessions (at least 1).
    ///   - finishedSessionLimit: how many finalized or cancelled sessions are remembered for `queryUpload`
    ///     before the oldest are forgotten.
    ///   - activeSessionLimit: how many upload sessions may be open at once; a start beyond it is refused (429).
    ///   - sessionIdleTimeout: how long an open session may go without a request before it is forgotten (404).
    ///   - uploadBudget: the most bytes uploads in progress hold in memory, with the eviction of abandoned ones.
    public convenience init(
        granularity: Int64 = 262_144, finishedSessionLimit: Int = 10_000, activeSessionLimit: Int = 10_000,
        sessionIdleTimeout: Duration = .seconds(3600), uploadBudget: PendingUploadBudget = PendingUploadBudget()
    ) {
        self.init(
            granularity: granularity, finishedSessionLimit: finishedSessionLimit,
            activeSessionLimit: activeSessionLimit, sessionIdleTimeout: sessionIdleTimeout, directory: nil,
            uploadBudget: uploadBudget)
    }

    /// A service whose objects and open uploads live in `directory`: what it holds (after `DataDirectory.load`
    /// removed what a crash left half done) is served at once, new bytes stream to its files, and an object is
    /// durable before its upload is answered. Throws, naming the file, when the directory cannot be read.
    public convenience init(
        directory: DataDirectory, granularity: Int64 = 262_144, finishedSessionLimit: Int = 10_000,
        activeSessionLimit: Int = 10_000, sessionIdleTimeout: Duration = .seconds(3600),
        uploadBudget: PendingUploadBudget = PendingUploadBudget()
    ) throws(DataDirectoryError) {
        let contents = try directory.load(granularity: max(1, granularity))
        self.init(
            granularity: granularity, finishedSessionLimit: finishedSessionLimit,
            activeSessionLimit: activeSessionLimit, sessionIdleTimeout: sessionIdleTimeout, directory: directory,
            uploadBudget: uploadBudget)
        restore(contents)
    }

    private init(
        granularity: Int64, finishedSessionLimit: Int, activeSessionLimit: Int, sessionIdleTimeout: Duration,
        directory: DataDirectory?, uploadBudget: PendingUploadBudget
    ) {
        self.granularity = max(1, granularity)
        self.directory = directory
        self.uploadBudget = uploadBudget
        state = Locked(
            BackendState(
                sessions: SessionTable(
                    finishedLimit: finishedSessionLimit, activeLimit: activeSessionLimit,
                    idleTimeout: sessionIdleTimeout)))
    }

    /// Puts what a data directory held into the catalogue: its buckets, its objects (a bucket without a record, as
    /// an older layout kept them, is made as of its first object), and its open uploads (each as if it had just
    /// been used, for the idle timeout), and the sidecar records of the buckets it has.
    private func restore(_ contents: DataDirectory.Contents) {
        state.withLock { state in
            for bucket in contents.buckets {
                state.buckets[bucket.name] = BucketStore(timeCreated: bucket.timeCreated)
            }
            for record in contents.objects {
                _ = state.put(record.object, bucket: record.bucket, now: record.object.timeCreated)
                state.clock.advance(past: record.object.generation)
            }
            for restored in contents.sessions {
                var progress = UploadSessionRecord.Progress()
                progress.staging = restored.staging
                progress.receivedBytes = restored.staging.count
                let caller = restored.record.uid.map { Caller.signedIn(uid: $0) } ?? .signedOut
                let record = UploadSessionRecord(
                    id: restored.record.id, start: restored.record.start, caller: caller, epoch: state.epoch,
                    progress: progress)
                try? state.sessions.add(record, now: .now)
            }
            state.sidecars = contents.sidecars.filter { key, _ in key.bucket.map { state.buckets[$0] != nil } ?? true }
        }
    }

    /// Sets the security rules of `bucket`; nil drops them, and the bucket follows the rules of every bucket.
    public func setRules(_ program: RulesProgram?, bucket: String) {
        state.withLock { $0.rules.perBucket[bucket] = program }
    }

    /// Sets the shorthand's rules (`StorageRules.program`) for `bucket`.
    public func setRules(_ rules: StorageRules, bucket: String) {
        setRules(rules.program, bucket: bucket)
    }

    /// Sets the rules of every bucket that has none of its own (nil: everything allowed there), as one rules
    /// file does for every bucket of a Firebase project and of its emulator.
    public func setRulesForEveryBucket(_ program: RulesProgram?) {
        state.withLock { $0.rules.everyBucket = program }
    }

    /// The rules `bucket` is decided with: its own, else those of every bucket; nil when everything is allowed.
    public func rules(for bucket: String) -> RulesProgram? {
        state.withLock { $0.rules.program(for: bucket) }
    }

    /// Drops every bucket, object, upload session and bucket's own rules (in the data directory too); the rules of
    /// every bucket stay, as the emulator keeps its rules file across a reset. Generations keep increasing across
    /// resets, and a session started before the reset can no longer commit.
    public func reset() {
        let old = writes.withLock { _ in
            try? directory?.clear()
            return state.withLock { state in
                var fresh = BackendState(sessions: state.sessions.emptied())
                fresh.clock = state.clock
                fresh.epoch = state.epoch + 1
                fresh.rules.everyBucket = state.rules.everyBucket
                swap(&state, &fresh)
                return fresh
            }
        }
        for id in old.sessions.activeIDs { uploadBudget.remove(id) }
        withExtendedLifetime(old) {}  // the old objects are freed here, outside the lock
    }

    /// Stores an object as an upload through the Firebase layer would (new generation, checksums, one download
    /// token, unless `stamps` fix them; the bucket made when missing), but with no name validation and no rules,
    /// so fixtures may hold names no client could upload.
    @discardableResult
    public func seed(
        bucket: String, name: String, data: Data, metadata: ObjectMetadataFields = ObjectMetadataFields(),
        stamps: FixedStamps = FixedStamps()
    ) throws(BackendError) -> ObjectResource {
        let staging = try staging(for: Identifiers.randomUUID())
        let bytes: StoredBytes
        let digests: ObjectDigests
        do throws(BackendError) {
            try staging.receive(DataUploadBody(data))
            digests = staging.digests
            bytes = try staging.seal()
        } catch {
            staging.discard()
            throw error
        }
        let (resource, replaced) = try store(
            bytes, digests: digests, bucket: bucket, name: name, metadata: metadata, stamps: stamps)
        withExtendedLifetime(replaced) {}
        return resource
    }

    /// Stores a new object (a new generation, metageneration 1, one fresh token through the Firebase layer, unless
    /// `stamps` or the custom metadata's `firebaseStorageDownloadTokens` fix them), replacing any object of that
    /// name, with what `layer` adds (`StorageLayer`: the bucket made when missing, a default disposition), or 404
    /// when the bucket is missing and `layer` may not make it: `check` may refuse it
    /// first, under the catalogue's lock. With a data directory, its record (and a bucket it makes) is durable
    /// before the catalogue shows it. Returns its resource and the object it replaced, to be freed outside the locks.
    func store(
        _ bytes: StoredBytes, digests: ObjectDigests, bucket: String, name: String, metadata: ObjectMetadataFields,
        layer: StorageLayer = .firebase, stamps: FixedStamps = FixedStamps(),
        check: (inout BackendState) throws(BackendError) -> Void = { _ in }
    ) throws(BackendError) -> (ObjectResource, StoredObject?) {
        try writes.withLock { (_: inout Void) throws(BackendError) -> (ObjectResource, StoredObject?) in
            let now = Date()
            var metadata = layer == .firebase ? FirebaseLayer.withDefaults(metadata, name: name) : metadata
            var stamps = stamps
            // Tokens given as custom metadata become the object's, as on GCS; Cloud Storage's APIs mint none.
            if let key = DownloadTokensMetadata.key(in: metadata.customMetadata.keys),
                let text = metadata.customMetadata.removeValue(forKey: key)
            {
                stamps.downloadTokens = stamps.downloadTokens ?? DownloadTokensMetadata.tokens(text)
            }
            if layer == .cloudStorage { stamps.downloadTokens = stamps.downloadTokens ?? [] }
            let object: StoredObject
            do throws(BackendError) {
                let makesBucket: Bool
                (object, makesBucket) = try withState {
                    (state: inout BackendState) throws(BackendError) -> (StoredObject, Bool) in
                    try check(&state)
                    let makesBucket = try state.makesBucket(bucket, layer: layer)
                    let object = StoredObject(
                        name: name, bytes: bytes, digests: digests, metadata: metadata,
                        generation: stamps.generation ?? state.clock.next(at: now), now: now, stamps: stamps)
                    return (object, makesBucket)
                }
                if makesBucket, let directory {
                    try directory.write(BucketResource(name: bucket, timeCreated: now.truncatedToMilliseconds))
                }
                if let directory, let record = ObjectRecord(bucket: bucket, object: object) {
                    try directory.write(record)
                }
            } catch {
                // Bytes decided on an object that changed meanwhile are kept for the next decision.
                if error != Self.changedWhileDeciding, let directory, case .file(let blob) = bytes {
                    directory.removeBlob(blob)
                }
                throw error
            }
            let replaced = state.withLock { $0.put(object, bucket: bucket, now: now) }
            if let directory, let replaced, let record = ObjectRecord(bucket: bucket, object: replaced) {
                directory.remove(record)
            }
            return (object.resource(bucket: bucket), replaced)
        }
    }

    /// Every stored object with its bytes (whole reads), by bucket and then name (byte order): what an export
    /// writes. Bytes in memory are shared, not copied; bytes on disk are opened, not read.
    public func storedObjects() throws(BackendError) -> [(resource: ObjectResource, bytes: ObjectRead)] {
        try withState { (state: inout BackendState) throws(BackendError) -> [(ObjectResource, ObjectRead)] in
            var objects: [(ObjectResource, ObjectRead)] = []
            for (bucket, store) in state.buckets.sorted(by: { $0.key < $1.key }) {
                for object in store.sortedObjects {
                    objects.append((object.resource(bucket: bucket), try object.read(offset: 0, length: nil)))
                }
            }
            return objects
        }
    }

    /// Runs `body` with the state locked; keep it short (no hashing, no copying of object bytes).
    func withState<Result: Sendable>(
        _ body: (inout BackendState) throws(BackendError) -> Result
    ) throws(BackendError) -> Result {
        try state.withLock { (state: inout BackendState) throws(BackendError) -> Result in try body(&state) }
    }

    static func objectNotFound(bucket: String, name: String) -> BackendError {
        .notFound("Not Found. No object '\(name)' in bucket '\(bucket)'.")
    }

    /// Answered when the object kept changing while the rules decided a request on it (`decisionAttempts` times
    /// in a row); retryable.
    static let changedWhileDeciding = BackendError(
        status: 503, "The object changed while the security rules were deciding this request; try again.")

    /// How often a request decides again when the object it decided on changed before it acted.
    static let decisionAttempts = 8

    /// Runs `attempt` (which reads under the lock, decides outside it, then acts under the lock only if what it
    /// decided on is unchanged) until it does not meet a change, at most `decisionAttempts` times.
    func decidingOutsideTheLock<Result>(_ attempt: () throws(BackendError) -> Result) throws(BackendError) -> Result {
        for _ in 1..<Self.decisionAttempts {
            do {
                return try attempt()
            } catch  where error == Self.changedWhileDeciding {
                continue
            }
        }
        return try attempt()
    }

    static let sessionNotFound = BackendError.notFound(
        "Not Found. No such upload session (unknown, or expired after a time without requests).")
}

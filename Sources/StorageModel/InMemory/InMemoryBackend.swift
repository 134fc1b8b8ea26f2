import Foundation

/// The reference Cloud Storage for Firebase service, in process: the oracle every live endpoint is
/// measured against.
///
/// Objects are kept per bucket under their raw names, compared and ordered byte for byte (no Unicode
/// or slash normalization). Failures are HTTP-shaped: 400 bad request, 401 unreadable ID token,
/// 403 denied by rules (checked before existence), 404 missing object or session, 416 read past the end.
/// Safe to call from many threads at once: one short-held lock guards the catalogue, and each upload
/// session has its own, so chunks are hashed and reads are copied without holding the shared lock.
public final class InMemoryBackend: StorageBackend {
    /// Every non-final chunk of a resumable upload must be a multiple of this many bytes.
    public let granularity: Int64

    // Lock order: a session's `progress` lock may be held while taking `state`, never the reverse.
    let state: Locked<BackendState>

    /// - Parameters:
    ///   - granularity: the chunk granularity of upload sessions (at least 1).
    ///   - finishedSessionLimit: how many finalized or cancelled sessions are remembered for `queryUpload`
    ///     before the oldest are forgotten.
    ///   - activeSessionLimit: how many upload sessions may be open at once; a start beyond it is refused (429).
    ///   - sessionIdleTimeout: how long an open session may go without a request before it is forgotten (404).
    public init(
        granularity: Int64 = 262_144, finishedSessionLimit: Int = 10_000, activeSessionLimit: Int = 10_000,
        sessionIdleTimeout: Duration = .seconds(3600)
    ) {
        self.granularity = max(1, granularity)
        state = Locked(
            BackendState(
                sessions: SessionTable(
                    finishedLimit: finishedSessionLimit, activeLimit: activeSessionLimit,
                    idleTimeout: sessionIdleTimeout)))
    }

    /// Sets the security rules of `bucket` (a bucket without rules allows everything).
    public func setRules(_ rules: StorageRules, bucket: String) {
        state.withLock { $0.rules[bucket] = rules }
    }

    /// The rules `bucket` is checked against: those set, else `StorageRules.allowAll`.
    public func rules(for bucket: String) -> StorageRules {
        state.withLock { $0.rules(for: bucket) }
    }

    /// Throws 403 unless the bucket's rules allow `operation` on `path` for `caller`. The rules are read under
    /// the lock and matched outside it, so a long rule set never holds up other requests.
    func authorize(_ operation: StorageRules.Operation, bucket: String, path: String, caller: Caller)
        throws(BackendError)
    {
        try BackendState.authorize(operation, rules: rules(for: bucket), path: path, caller: caller)
    }

    /// Drops every object, upload session and rule. Generations keep increasing across resets, and a
    /// session started before the reset can no longer commit.
    public func reset() {
        let old = state.withLock { state in
            var fresh = BackendState(sessions: state.sessions.emptied())
            fresh.clock = state.clock
            fresh.epoch = state.epoch + 1
            swap(&state, &fresh)
            return fresh
        }
        withExtendedLifetime(old) {}  // the old objects are freed here, outside the lock
    }

    /// Stores an object as an upload would (new generation, checksums, one download token, unless `stamps`
    /// fix them), but with no name validation and no rules, so fixtures may hold names no client could upload.
    @discardableResult
    public func seed(
        bucket: String, name: String, data: Data, metadata: ObjectMetadataFields = ObjectMetadataFields(),
        stamps: FixedStamps = FixedStamps()
    ) -> ObjectResource {
        let bytes = data.startIndex == 0 ? data : data.withUnsafeBytes { Data($0) }
        let digests = ObjectDigests(of: bytes)
        let (resource, replaced) = state.withLock {
            $0.commit(bucket: bucket, name: name, data: bytes, digests: digests, metadata: metadata, stamps: stamps)
        }
        withExtendedLifetime(replaced) {}
        return resource
    }

    /// Every stored object with its bytes, by bucket and then name (byte order): what an export writes. The
    /// bytes are shared, not copied.
    public func storedObjects() -> [(resource: ObjectResource, data: Data)] {
        state.withLock { state in
            state.buckets.sorted { $0.key < $1.key }.flatMap { bucket, store in
                store.sortedObjects.map { ($0.resource(bucket: bucket), $0.data) }
            }
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

    static let sessionNotFound = BackendError.notFound(
        "Not Found. No such upload session (unknown, or expired after a time without requests).")
}

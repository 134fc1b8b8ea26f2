import Foundation
import Primitives
import StorageAPI

/// One resumable upload: what the start fixed, and the progress guarded by its own lock. A chunk's bytes are
/// received, hashed and staged outside every lock, while the request holds the session's staging.
final class UploadSessionRecord: Sendable {
    /// The part of a session that changes as chunks arrive.
    struct Progress {
        var state: UploadStatus.State = .active
        var receivedBytes: Int64 = 0
        /// Where the bytes wait; nil while a chunk is arriving (its request holds it) and once the session ended.
        var staging: (any UploadStaging)?
        /// The committed object, once a finalize succeeded.
        var resource: ObjectResource?

        /// Ends the session in `state`, freeing the staged bytes.
        mutating func finish(as state: UploadStatus.State) {
            self.state = state
            staging?.discard()
            staging = nil
        }

        var status: UploadStatus { UploadStatus(state: state, receivedBytes: receivedBytes, resource: resource) }
    }

    let id: String
    let bucket: String
    let name: String
    let metadata: ObjectMetadataFields
    let declaredSize: Int64?
    /// Whose rules the commit follows (a missing bucket, a default disposition).
    let layer: StorageLayer
    /// Who started the upload; the write rule is checked for them again at finalize.
    let caller: Caller
    /// The backend's reset count when the session started: a session from before a reset cannot commit.
    let epoch: Int
    let progress: Locked<Progress>
    /// When a request last named this session, and how many chunks are arriving now: a session is idle, and
    /// expires, only while no chunk arrives. A leaf lock (nothing is taken inside it).
    private let use = Locked((lastUsed: ContinuousClock.now, arriving: 0))

    init(id: String, start: UploadStart, caller: Caller, epoch: Int, progress: Progress) {
        self.id = id
        bucket = start.object.bucket
        name = start.object.name
        metadata = start.metadata
        declaredSize = start.size
        layer = start.layer
        self.caller = caller
        self.epoch = epoch
        // Nothing is reserved from the declared size: the staged bytes grow as chunks arrive.
        self.progress = Locked(progress)
    }

    func touch(at now: ContinuousClock.Instant) {
        use.withLock { $0.lastUsed = now }
    }

    /// Runs `receive`, a chunk arriving, with the session kept from expiring however long it takes.
    func whileChunkArrives<Value, Failure: Error>(_ receive: () throws(Failure) -> Value) throws(Failure) -> Value {
        use.withLock { $0.arriving += 1 }
        defer {
            use.withLock { use in
                use.arriving -= 1
                use.lastUsed = .now
            }
        }
        return try receive()
    }

    func idle(at now: ContinuousClock.Instant) -> Duration {
        use.withLock { $0.arriving > 0 ? .zero : now - $0.lastUsed }
    }
}

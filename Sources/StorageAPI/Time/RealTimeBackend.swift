import Foundation
import Primitives

/// A live backend whose every call is real work on a `VirtualClock` (`inRealTime`): while a request of the
/// client is on the wire, none of its sleeps skips ahead. It sits right in front of the network, below
/// anything that sleeps on the same clock (the faults a scenario injects), so that only the wire counts.
///
/// It also keeps the client within a deadline (`setDeadline`): past it, a request fails at once without
/// being sent, as a lost connection, so that a client retrying on a virtual clock against a server that no
/// longer answers gives up within one request timeout of the deadline, not after its whole retry budget.
///
/// A wait the server asks for is real (docs/semantics.md §11, "Waits a server asks for"): after an answer
/// with `Retry-After: S`, the next request leaves no sooner than S seconds of real time after that answer,
/// while the client's own back-off stays virtual.
public struct RealTimeBackend: StorageBackend {
    /// The deadline, and how many requests it has refused since it was set.
    private struct Cutoff {
        var deadline: Date?
        var refused = 0
    }

    /// The longest real wait a `Retry-After` may impose: a longer one is the client's to give up on.
    public static let longestServerWait = 600.0

    /// The monotonic time, in nanoseconds, before which no request is sent: the end of the last `Retry-After`.
    private let notBefore = Locked<UInt64>(0)

    public let inner: any StorageBackend
    public let clock: VirtualClock
    private let cutoff = Locked(Cutoff())

    public init(_ inner: any StorageBackend, clock: VirtualClock) {
        self.inner = inner
        self.clock = clock
    }

    /// Requests are sent only until `deadline` (nil: always); copies share it.
    public func setDeadline(_ deadline: Date?) {
        cutoff.withLock { $0 = Cutoff(deadline: deadline) }
    }

    /// Whether a request was refused since the deadline was set.
    public var refusedPastDeadline: Bool { cutoff.withLock { $0.refused > 0 } }

    private func send<Value>(_ body: () throws(BackendError) -> Value) throws(BackendError) -> Value {
        let late = cutoff.withLock { cutoff -> Bool in
            guard let deadline = cutoff.deadline, Date() >= deadline else { return false }
            cutoff.refused += 1
            return true
        }
        if late { throw BackendError(.transport, "not sent: the client's deadline had passed") }
        return try clock.inRealTime { () throws(BackendError) -> Value in
            let resume = notBefore.withLock { $0 }
            let now = MonotonicClock.nanoseconds()
            if resume > now {
                let untilDeadline = cutoff.withLock { $0.deadline?.timeIntervalSinceNow } ?? .infinity
                Thread.sleep(forTimeInterval: max(0, min(Double(resume - now) / 1e9, untilDeadline)))
            }
            do throws(BackendError) {
                return try body()
            } catch {
                if let seconds = error.retryAfter, seconds > 0, seconds.isFinite {
                    let wait = UInt64(min(seconds, Self.longestServerWait) * 1e9)
                    notBefore.withLock { $0 = MonotonicClock.nanoseconds() + wait }
                }
                throw error
            }
        }
    }

    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try send { () throws(BackendError) in try inner.startUpload(request) }
    }

    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        try send { () throws(BackendError) in
            try inner.uploadChunk(session: session, offset: offset, data: data, finalize: finalize)
        }
    }

    public func uploadChunk(session: String, offset: Int64, body: any UploadBody, finalize: Bool)
        throws(BackendError) -> UploadStatus
    {
        try send { () throws(BackendError) in
            try inner.uploadChunk(session: session, offset: offset, body: body, finalize: finalize)
        }
    }

    public func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        try send { () throws(BackendError) in try inner.queryUpload(session: session) }
    }

    public func cancelUpload(session: String) throws(BackendError) {
        try send { () throws(BackendError) in try inner.cancelUpload(session: session) }
    }

    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        try send { () throws(BackendError) in try inner.readObject(request) }
    }

    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try send { () throws(BackendError) in try inner.getMetadata(object) }
    }

    public func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        try send { () throws(BackendError) in try inner.updateMetadata(object, patch: patch) }
    }

    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        try send { () throws(BackendError) in try inner.deleteObject(object) }
    }

    public func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        try send { () throws(BackendError) in try inner.list(request) }
    }

    public func checkWrite(_ object: ObjectAddress) throws(BackendError) {
        try send { () throws(BackendError) in try inner.checkWrite(object) }
    }
}

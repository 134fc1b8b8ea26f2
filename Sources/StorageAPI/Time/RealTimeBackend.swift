import Foundation
import Primitives

/// A live backend whose every call is real work on a `VirtualClock` (`inRealTime`): while a request of the
/// client is on the wire, none of its sleeps skips ahead. It sits right in front of the network, below
/// anything that sleeps on the same clock (the faults a scenario injects), so that only the wire counts.
///
/// It also keeps the client within a deadline (`setDeadline`): past it, a request fails at once without
/// being sent, as a lost connection, so that a client retrying on a virtual clock against a server that no
/// longer answers gives up within one request timeout of the deadline, not after its whole retry budget.
public struct RealTimeBackend: StorageBackend {
    /// The deadline, and how many requests it has refused since it was set.
    private struct Cutoff {
        var deadline: Date?
        var refused = 0
    }

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
        return try clock.inRealTime(body)
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

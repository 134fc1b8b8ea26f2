import Foundation
import Primitives
import StorageAPI

/// Another backend with failures put into its answers, as a scenario's faults say: which request (its kind,
/// and which of them) and what happens to it. It sits in front of any backend, on the client's side, so a
/// live endpoint needs no cooperation to be tested for what its clients see (docs/semantics.md §11).
public final class FaultInjectingBackend: StorageBackend {
    private let inner: any StorageBackend
    private let schedule = Locked(FaultSchedule())
    private let clock: any StorageClock
    private let requestTimeout: Double

    /// `clock` is what stalls wait on; a stall longer than `requestTimeout` seconds times out.
    public init(
        _ inner: any StorageBackend, faults: [RequestFault] = [], clock: any StorageClock = SystemClock(),
        requestTimeout: Double = 60
    ) {
        self.inner = inner
        self.clock = clock
        self.requestTimeout = requestTimeout
        add(faults)
    }

    /// Adds faults that count the requests of their kind from now on, after the faults already here.
    public func add(_ faults: [RequestFault]) {
        schedule.withLock { $0.add(faults) }
    }

    /// How many requests of each kind went through, faulted or not: what the service behind was asked.
    public var requestCounts: [RequestFault.Kind: Int] {
        schedule.withLock { schedule in
            Dictionary(uniqueKeysWithValues: RequestFault.Kind.allCases.map { ($0, schedule.requests(of: $0)) })
        }
    }

    /// The kinds of the requests the client sent, in order (see `FaultSchedule.order`).
    public var requestOrder: [RequestFault.Kind] { schedule.withLock { $0.order } }

    /// How many times each fault acted, in the order added.
    public var firings: [Int] { schedule.withLock { $0.firings } }

    /// How often each fault acted and the requests that came through since the decorator was made.
    public var tally: FaultTally { schedule.withLock { FaultTally($0) } }

    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try inject(.uploadStart) { () throws(BackendError) in try inner.startUpload(request) }
    }

    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        try inject(
            finalize ? .finalize : .chunk,
            { () throws(BackendError) in
                try inner.uploadChunk(session: session, offset: offset, data: data, finalize: finalize)
            },
            sendPart: { size throws(BackendError) in
                guard size < data.count else {
                    return try self.inner.uploadChunk(session: session, offset: offset, data: data, finalize: finalize)
                }
                return try self.inner.uploadChunk(
                    session: session, offset: offset, data: data.prefix(Int(size)), finalize: false)
            })
    }

    public func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        try inject(
            .query, { () throws(BackendError) in try inner.queryUpload(session: session) },
            misreport: { status, size in status.receivedBytes = size })
    }

    public func cancelUpload(session: String) throws(BackendError) {
        try inject(.cancel) { () throws(BackendError) in try inner.cancelUpload(session: session) }
    }

    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        try inject(
            .download, { () throws(BackendError) in try inner.readObject(request) },
            corrupt: { read in
                guard let first = read.data.first else { return }
                read.data[read.data.startIndex] = first ^ 0xFF
            },
            partial: { read, size in
                var part = read
                part.data = read.data.prefix(Int(size))
                part.file = read.file.map {
                    FileRegion(file: $0.file, offset: $0.offset, length: max(0, min($0.length, size)))
                }
                return part
            })
    }

    public func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try inject(.metadata) { () throws(BackendError) in try inner.getMetadata(object) }
    }

    public func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        try inject(.update) { () throws(BackendError) in try inner.updateMetadata(object, patch: patch) }
    }

    public func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        try inject(.delete) { () throws(BackendError) in try inner.deleteObject(object) }
    }

    public func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        try inject(.list) { () throws(BackendError) in try inner.list(request) }
    }

    public func checkWrite(_ object: ObjectAddress) throws(BackendError) {
        try inner.checkWrite(object)
    }

    private func inject<Value>(
        _ kind: RequestFault.Kind, _ body: () throws(BackendError) -> Value,
        misreport: ((inout Value, Int64) -> Void)? = nil, corrupt: ((inout Value) -> Void)? = nil,
        sendPart: ((Int64) throws(BackendError) -> Value)? = nil, partial: ((Value, Int64) -> ObjectRead)? = nil
    ) throws(BackendError) -> Value {
        let sendsNoBytes = [.uploadStart, .query, .cancel].contains(kind)
        guard let action = schedule.withLock({ $0.next(kind: kind, operation: nil, sendsNoUploadBytes: sendsNoBytes) })
        else { return try body() }
        let what = "injected into the \(kind.rawValue) request"
        switch action {
        case .status(let status, let retryAfter, let body):
            var failure = Self.injected(BackendError(.status(status), "HTTP \(status) \(what)", retryAfter: retryAfter))
            failure.responseBody = body
            throw failure
        case .reset:
            throw Self.injected(BackendError(.transport, "the connection was reset before an answer (\(what))"))
        case .answerLost:
            _ = try body()
            throw Self.injected(BackendError(.transport, "the connection was reset after the service acted (\(what))"))
        case .misreport(let size):
            var value = try body()
            misreport?(&value, size)
            return value
        case .corrupt:
            var value = try body()
            corrupt?(&value)
            return value
        case .dropRequest(let size):
            // What the service answers to the part it got never arrives: the connection is gone.
            if let sendPart { _ = try? sendPart(size) } else { _ = try? body() }
            throw Self.injected(
                BackendError(.transport, "the connection dropped after \(size) bytes of the request (\(what))"))
        case .statusAfterRequestBytes(let status, let size):
            if let sendPart { _ = try? sendPart(size) }
            throw Self.injected(BackendError(.status(status), "HTTP \(status) \(what) after \(size) bytes of it"))
        case .dropResponse(let given):
            let value = try body()
            let size = given ?? (value as? ObjectRead).map { $0.count / 2 } ?? 0
            var failure = Self.injected(
                BackendError(.transport, "the connection dropped after \(size) bytes of the answer (\(what))"))
            failure.partialRead = partial?(value, size)
            throw failure
        case .stall(let seconds, _):
            guard seconds < requestTimeout else {
                clock.sleep(requestTimeout)
                throw Self.injected(
                    BackendError(
                        .transport, "the request timed out after \(requestTimeout) s without an answer (\(what))"))
            }
            clock.sleep(seconds)
            return try body()
        }
    }

    private static func injected(_ failure: BackendError) -> BackendError {
        var failure = failure
        failure.injected = true
        return failure
    }
}

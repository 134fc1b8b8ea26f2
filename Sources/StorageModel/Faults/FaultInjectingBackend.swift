import Foundation

/// Another backend with failures put into its answers, as a scenario's faults say: which request (its kind,
/// and which of them) and what happens to it. It sits in front of any backend, on the client's side, so a
/// live endpoint needs no cooperation to be tested for what its clients see (docs/semantics.md §11).
public final class FaultInjectingBackend: StorageBackend {
    private struct State {
        var faults: [RequestFault]
        var seen: [RequestFault.Kind: Int] = [:]
        var firings: [Int]
    }

    private let inner: any StorageBackend
    private let state: Locked<State>

    public init(_ inner: any StorageBackend, faults: [RequestFault]) {
        self.inner = inner
        state = Locked(State(faults: faults, firings: Array(repeating: 0, count: faults.count)))
    }

    /// How many times each fault acted, in the order given.
    public var firings: [Int] { state.withLock { $0.firings } }

    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try inject(.uploadStart) { () throws(BackendError) in try inner.startUpload(request) }
    }

    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        try inject(finalize ? .finalize : .chunk) { () throws(BackendError) in
            try inner.uploadChunk(session: session, offset: offset, data: data, finalize: finalize)
        }
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

    /// The action of the first fault that matches this request of `kind`, counted.
    private func nextAction(_ kind: RequestFault.Kind) -> RequestFault.Action? {
        state.withLock { state in
            let number = (state.seen[kind] ?? 0) + 1
            state.seen[kind] = number
            guard let index = state.faults.indices.first(where: { state.faults[$0].matches(kind, number: number) })
            else { return nil }
            state.firings[index] += 1
            return state.faults[index].action
        }
    }

    private func inject<Value>(
        _ kind: RequestFault.Kind, _ body: () throws(BackendError) -> Value,
        misreport: ((inout Value, Int64) -> Void)? = nil, corrupt: ((inout Value) -> Void)? = nil
    ) throws(BackendError) -> Value {
        guard let action = nextAction(kind) else { return try body() }
        let what = "injected into the \(kind.rawValue) request"
        switch action {
        case .status(let status, let retryAfter):
            throw BackendError(.status(status), "HTTP \(status) \(what)", retryAfter: retryAfter)
        case .reset:
            throw BackendError(.transport, "the connection was reset before an answer (\(what))")
        case .answerLost:
            _ = try body()
            throw BackendError(.transport, "the connection was reset after the service acted (\(what))")
        case .misreport(let size):
            var value = try body()
            misreport?(&value, size)
            return value
        case .corrupt:
            var value = try body()
            corrupt?(&value)
            return value
        }
    }
}

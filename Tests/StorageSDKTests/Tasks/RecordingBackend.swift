import Foundation
import ReferenceService
import StorageAPI
import StorageSDK

/// A `StorageBackend` for tests: forwards every call to an `ReferenceBackend`, records it, and can change
/// what one later call does (fail it, rewrite its answer, or let the service receive bytes behind the
/// client's back).
final class RecordingBackend: StorageBackend, @unchecked Sendable {
    /// Which backend operation a call was.
    enum Kind: Sendable, Equatable {
        case startUpload, uploadChunk, queryUpload, cancelUpload, readObject, getMetadata, updateMetadata, deleteObject,
            list
    }

    /// One call the client made, with the arguments that matter to the tests.
    enum Call: Sendable, Equatable {
        case startUpload(name: String, size: Int64?)
        case uploadChunk(offset: Int64, length: Int, finalize: Bool)
        case queryUpload
        case cancelUpload
        case readObject(offset: Int64, length: Int64?)
        case getMetadata(name: String)
        case updateMetadata(name: String)
        case deleteObject(name: String)
        case list(prefix: String, maxResults: Int?, pageToken: String?)

        var kind: Kind {
            switch self {
            case .startUpload: .startUpload
            case .uploadChunk: .uploadChunk
            case .queryUpload: .queryUpload
            case .cancelUpload: .cancelUpload
            case .readObject: .readObject
            case .getMetadata: .getMetadata
            case .updateMetadata: .updateMetadata
            case .deleteObject: .deleteObject
            case .list: .list
            }
        }
    }

    private struct Fault {
        let kind: Kind
        var skip: Int
        let error: BackendError
    }

    let inner: ReferenceBackend
    private let lock = NSLock()
    private var recorded: [Call] = []
    private var openedSessions: [String] = []
    private var faults: [Fault] = []
    private var queryRewrite: (@Sendable (UploadStatus) -> UploadStatus)?
    private var readRewrite: (@Sendable (ObjectRead) -> ObjectRead)?
    private var metadataRewrite: (@Sendable (ObjectResource) -> ObjectResource)?
    private var listRewrite: (@Sendable (ListPage) -> ListPage)?
    private var bytesAhead: Int?
    private var actions: [(kind: Kind, action: @Sendable () -> Void)] = []

    init(_ inner: ReferenceBackend = ReferenceBackend()) {
        self.inner = inner
    }

    /// Every call so far, in order (failed ones included).
    var calls: [Call] { locked { recorded } }

    /// The calls of one kind.
    func calls(_ kind: Kind) -> [Call] { calls.filter { $0.kind == kind } }

    /// The ids of the upload sessions opened so far.
    var sessions: [String] { locked { openedSessions } }

    /// Makes the next call of `kind`, after `skipping` others of that kind, fail with `error` without
    /// reaching the service.
    func fail(_ kind: Kind, with error: BackendError, skipping: Int = 0) {
        locked { faults.append(Fault(kind: kind, skip: skipping, error: error)) }
    }

    /// Changes the service's answer to the next `queryUpload`.
    func rewriteNextQuery(_ rewrite: @escaping @Sendable (UploadStatus) -> UploadStatus) {
        locked { queryRewrite = rewrite }
    }

    /// Changes the service's answer to the next `readObject`.
    func rewriteNextRead(_ rewrite: @escaping @Sendable (ObjectRead) -> ObjectRead) {
        locked { readRewrite = rewrite }
    }

    /// Changes the service's answer to the next `getMetadata`.
    func rewriteNextMetadata(_ rewrite: @escaping @Sendable (ObjectResource) -> ObjectResource) {
        locked { metadataRewrite = rewrite }
    }

    /// Changes every later `list` answer.
    func rewriteLists(_ rewrite: @escaping @Sendable (ListPage) -> ListPage) {
        locked { listRewrite = rewrite }
    }

    /// Runs `action` inside the next call of `kind`, before the service sees it: a control made from
    /// there lands while the task's step is under way, as one from another thread may.
    func duringNext(_ kind: Kind, _ action: @escaping @Sendable () -> Void) {
        locked { actions.append((kind, action)) }
    }

    /// Before the client's next chunk reaches the service, the service receives the first `count` bytes of
    /// it as a non-final chunk (a duplicated or partly delivered request), so the client's own chunk then
    /// arrives at an offset the service has passed.
    func deliverAheadOfNextChunk(bytes count: Int) {
        locked { bytesAhead = count }
    }

    // MARK: StorageBackend

    func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        try intercept(.startUpload(name: request.object.name, size: request.size))
        let session = try inner.startUpload(request)
        locked { openedSessions.append(session.id) }
        return session
    }

    func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError) -> UploadStatus {
        try intercept(.uploadChunk(offset: offset, length: data.count, finalize: finalize))
        if let ahead = locked({ () -> Int? in
            defer { bytesAhead = nil }
            return bytesAhead
        }) {
            _ = try inner.uploadChunk(session: session, offset: offset, data: data.prefix(ahead), finalize: false)
        }
        return try inner.uploadChunk(session: session, offset: offset, data: data, finalize: finalize)
    }

    func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        try intercept(.queryUpload)
        let status = try inner.queryUpload(session: session)
        return take(\.queryRewrite).map { $0(status) } ?? status
    }

    func cancelUpload(session: String) throws(BackendError) {
        try intercept(.cancelUpload)
        try inner.cancelUpload(session: session)
    }

    func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        try intercept(.readObject(offset: request.offset, length: request.length))
        let read = try inner.readObject(request)
        return take(\.readRewrite).map { $0(read) } ?? read
    }

    func getMetadata(_ object: ObjectAddress) throws(BackendError) -> ObjectResource {
        try intercept(.getMetadata(name: object.name))
        let resource = try inner.getMetadata(object)
        return take(\.metadataRewrite).map { $0(resource) } ?? resource
    }

    func updateMetadata(_ object: ObjectAddress, patch: MetadataPatch) throws(BackendError) -> ObjectResource {
        try intercept(.updateMetadata(name: object.name))
        return try inner.updateMetadata(object, patch: patch)
    }

    func deleteObject(_ object: ObjectAddress) throws(BackendError) {
        try intercept(.deleteObject(name: object.name))
        try inner.deleteObject(object)
    }

    func list(_ request: ListRequest) throws(BackendError) -> ListPage {
        try intercept(.list(prefix: request.prefix, maxResults: request.maxResults, pageToken: request.pageToken))
        let page = try inner.list(request)
        return locked { listRewrite }.map { $0(page) } ?? page
    }

    // MARK: Internals

    /// Records `call`, runs the action armed for it, and throws the fault armed for it, if any.
    private func intercept(_ call: Call) throws(BackendError) {
        let action = locked { () -> (@Sendable () -> Void)? in
            guard let index = actions.firstIndex(where: { $0.kind == call.kind }) else { return nil }
            return actions.remove(at: index).action
        }
        action?()
        let error = locked { () -> BackendError? in
            recorded.append(call)
            guard let index = faults.firstIndex(where: { $0.kind == call.kind }) else { return nil }
            if faults[index].skip > 0 {
                faults[index].skip -= 1
                return nil
            }
            return faults.remove(at: index).error
        }
        if let error { throw error }
    }

    private func take<Value>(_ slot: ReferenceWritableKeyPath<RecordingBackend, Value?>) -> Value? {
        locked {
            defer { self[keyPath: slot] = nil }
            return self[keyPath: slot]
        }
    }

    private func locked<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock.lock()
        defer { lock.unlock() }
        return try body()
    }
}

/// A fresh storage over a recording decorator of a fresh in-memory service.
func makeRecordedStorage(bucket: String = "bucket", granularity: Int64 = 262_144) -> (Storage, RecordingBackend) {
    let backend = RecordingBackend(ReferenceBackend(granularity: granularity))
    return (Storage(bucket: bucket, backend: backend), backend)
}

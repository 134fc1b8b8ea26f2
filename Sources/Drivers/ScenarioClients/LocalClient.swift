import Foundation
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// The project's own client in process: a `Storage` (the target session's, behind the scenario's faults
/// when it has some). Its tasks advance only while the scenario waits (`runWork`).
package final class LocalClient: ScenarioClient {
    package let storage: Storage
    /// Puts the scenario's faults into the client's requests, when it has faults.
    private let faults: FaultInjectingBackend?

    /// `session` is the target's client; `faults` (given and later) sit in front of its backend.
    package init(session: Storage, faults: [RequestFault]?, requestTimeout: Double) {
        if let faults {
            let injector = FaultInjectingBackend(
                session.backend, faults: faults, clock: session.clock, requestTimeout: requestTimeout)
            self.faults = injector
            storage = Storage(bucket: session.bucket, backend: injector, host: session.host, clock: session.clock)
        } else {
            self.faults = nil
            storage = session
        }
    }

    package func configure(user: ScenarioUser, retry: RetryTimes) {
        switch user {
        case .signedIn(let uid): storage.signIn(uid: uid)
        case .signedOut: storage.signOut()
        case .invalidToken: storage.authToken = IDToken.malformed
        }
        setRetryTimes(retry)
    }

    /// The longest retry waits: those given, else the SDK's.
    package func setRetryTimes(_ retry: RetryTimes) {
        if let upload = retry.upload { storage.maxUploadRetryTime = upload }
        if let download = retry.download { storage.maxDownloadRetryTime = download }
        if let operation = retry.operation { storage.maxOperationRetryTime = operation }
    }

    package static func wrap(_ reference: StorageReference) -> ClientReference {
        ClientReference(
            bucket: reference.bucket, fullPath: reference.fullPath, name: reference.name,
            description: reference.description, handle: .local(reference))
    }

    private func local(_ reference: ClientReference) -> StorageReference {
        if case .local(let own) = reference.handle { return own }
        return storage.reference(withPath: reference.fullPath)
    }

    package func reference(path: String) -> ClientReference { Self.wrap(storage.reference(withPath: path)) }

    package func reference(url: String) -> Result<ClientReference, StorageError> {
        capture { () throws(StorageError) in Self.wrap(try storage.reference(forURL: url)) }
    }

    package func root() -> ClientReference { Self.wrap(storage.reference()) }

    package func follow(_ link: ClientLink, from reference: ClientReference) -> ClientReference? {
        let own = local(reference)
        switch link {
        case .parent: return own.parent().map(Self.wrap)
        case .root: return Self.wrap(own.root())
        case .child(let path): return Self.wrap(own.child(path))
        }
    }

    package func put(_ reference: ClientReference, source: ClientUpload, metadata: StorageMetadata?, chunkSize: Int64?)
        -> any ClientTask
    {
        let defaultChunkSize = storage.uploadChunkSizeBytes
        if let chunkSize { storage.uploadChunkSizeBytes = chunkSize }
        defer { storage.uploadChunkSizeBytes = defaultChunkSize }
        switch source {
        case .data(let data): return LocalTask(local(reference).putData(data, metadata: metadata))
        case .file(let url): return LocalTask(local(reference).putFile(from: url, metadata: metadata))
        }
    }

    package func getData(_ reference: ClientReference, maxSize: Int64) -> any ClientTask {
        LocalTask(local(reference).getData(maxSize: maxSize))
    }

    package func write(_ reference: ClientReference, toFile url: URL) -> any ClientTask {
        LocalTask(local(reference).write(toFile: url))
    }

    package func getMetadata(_ reference: ClientReference) -> Result<StorageMetadata, StorageError> {
        capture { () throws(StorageError) in try local(reference).getMetadata() }
    }

    package func updateMetadata(_ reference: ClientReference, _ patch: MetadataPatch)
        -> Result<StorageMetadata, StorageError>
    {
        capture { () throws(StorageError) in try local(reference).updateMetadata(patch: patch) }
    }

    package func delete(_ reference: ClientReference) -> Result<Void, StorageError> {
        capture { () throws(StorageError) in try local(reference).delete() }
    }

    package func downloadURL(_ reference: ClientReference) -> Result<URL, StorageError> {
        capture { () throws(StorageError) in try local(reference).downloadURL() }
    }

    package func list(_ reference: ClientReference, maxResults: Int64, pageToken: String?)
        -> Result<ClientPage, StorageError>
    {
        capture { () throws(StorageError) in
            Self.page(try local(reference).list(maxResults: maxResults, pageToken: pageToken))
        }
    }

    package func listAll(_ reference: ClientReference) -> Result<ClientPage, StorageError> {
        capture { () throws(StorageError) in Self.page(try local(reference).listAll()) }
    }

    package func addFaults(_ added: [RequestFault]) {
        faults?.add(added)
    }

    package func runWork(until condition: @escaping () -> Bool, deadline: Date) -> Bool {
        storage.runPendingWork { condition() || Date() >= deadline }
    }

    package var waits: ClockWaits { storage.clock.waits }

    /// The fault decorator sees every request the client sends (when the scenario has faults).
    package func observe() -> ClientObservation {
        ClientObservation(
            requests: faults.map { .success($0.requestCounts) } ?? .failure(ClientObservation.uncounted),
            order: faults.map { .success($0.requestOrder) } ?? .failure(ClientObservation.uncounted),
            clock: .success(storage.clock.now))
    }

    /// How often the scenario's faults acted (none when it has none).
    package var faultTally: FaultTally { faults?.tally ?? FaultTally(firings: [], seen: []) }

    package func firedFaults() -> FaultTally? { faultTally }

    package func close() {}

    private static func page(_ result: StorageListResult) -> ClientPage {
        ClientPage(prefixes: result.prefixes.map(wrap), items: result.items.map(wrap), pageToken: result.pageToken)
    }

    private func capture<Value>(_ body: () throws(StorageError) -> Value) -> Result<Value, StorageError> {
        do throws(StorageError) { return .success(try body()) } catch { return .failure(error) }
    }
}

/// A task of the in-process client.
final class LocalTask: ClientTask {
    private let task: StorageObservableTask

    init(_ task: StorageObservableTask) {
        self.task = task
    }

    static func event(_ snapshot: StorageTaskSnapshot) -> ClientTaskEvent {
        ClientTaskEvent(status: snapshot.status, progress: snapshot.progress, error: snapshot.error)
    }

    func tap(_ handler: @escaping @Sendable (ClientTaskEvent) -> Void) {
        task.tap { handler(Self.event($0)) }
    }

    func tapRetries(_ handler: @escaping @Sendable (RetryWait) -> Void) {
        task.tapRetries(handler)
    }

    func observe(_ status: StorageTaskStatus, _ handler: @escaping @Sendable (ClientTaskEvent) -> Void)
        -> String
    {
        task.observe(status) { handler(Self.event($0)) }
    }

    func removeObserver(_ handle: String) { task.removeObserver(withHandle: handle) }

    func removeAllObservers(for status: StorageTaskStatus?) {
        if let status { task.removeAllObservers(for: status) } else { task.removeAllObservers() }
    }

    func pause() { task.pause() }
    func resume() { task.resume() }
    func cancel() { task.cancel() }

    var isFinished: Bool { task.isFinished }

    var current: ClientTaskEvent { Self.event(task.snapshot) }

    var product: ClientTaskProduct? {
        if let upload = task as? StorageUploadTask, case .success(let metadata)? = upload.result {
            return .uploaded(metadata)
        }
        guard let download = task as? StorageDownloadTask else { return nil }
        if case .success(let data)? = download.dataResult { return .data(data) }
        if case .success(let url)? = download.fileResult { return .file(url) }
        return nil
    }
}

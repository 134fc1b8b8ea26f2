import Foundation
import Primitives
import StorageAPI

/// A Cloud Storage for Firebase bucket as the client sees it (the SDK's `Storage`): references, chunk sizes
/// and the signed-in user, over any `StorageBackend`.
///
/// Transfers run on this instance's scheduler, one step at a time, while someone waits
/// (`StorageObservableTask.wait(timeout:)` or `runPendingWork(until:)`); every other operation is
/// synchronous and returns when the service has answered.
public final class Storage: Sendable {
    /// What a caller may change at any time, read when a task or a request starts.
    private struct Settings {
        var uploadChunkSize: Int64 = 262_144
        var downloadChunkSize: Int64 = 262_144
        var token: String?
        var maxUploadRetryTime: Double = 600
        var maxDownloadRetryTime: Double = 600
        var maxOperationRetryTime: Double = 120
    }

    /// The download URL host of the production service, with the SDK's explicit port.
    public static let productionHost = "https://firebasestorage.googleapis.com:443"

    public let bucket: String
    public let backend: any StorageBackend
    /// `SCHEME://HOST:PORT` that download URLs start with.
    public let host: String
    /// The time retries wait on (`RetryPolicy`).
    public let clock: any StorageClock
    let scheduler = StorageTaskScheduler()
    private let settings = Locked(Settings())

    public init(
        bucket: String, backend: any StorageBackend, host: String = Storage.productionHost,
        clock: any StorageClock = SystemClock()
    ) {
        self.bucket = bucket
        self.backend = backend
        self.host = host
        self.clock = clock
    }

    private func setting<Value>(_ key: KeyPath<Settings, Value>) -> Value {
        settings.withLock { $0[keyPath: key] }
    }

    private func setSetting<Value>(_ key: WritableKeyPath<Settings, Value>, _ value: Value) {
        settings.withLock { $0[keyPath: key] = value }
    }

    /// The longest wait between two tries of an upload request (600 s by default, as in the SDK).
    public var maxUploadRetryTime: Double {
        get { setting(\.maxUploadRetryTime) }
        set { setSetting(\.maxUploadRetryTime, newValue) }
    }

    /// The longest wait between two tries of a download request (600 s by default).
    public var maxDownloadRetryTime: Double {
        get { setting(\.maxDownloadRetryTime) }
        set { setSetting(\.maxDownloadRetryTime, newValue) }
    }

    /// The longest wait between two tries of any other request (120 s by default).
    public var maxOperationRetryTime: Double {
        get { setting(\.maxOperationRetryTime) }
        set { setSetting(\.maxOperationRetryTime, newValue) }
    }

    /// The upload chunk size for tasks created from now on (256 KiB by default); the service's granularity
    /// rounds it.
    public var uploadChunkSizeBytes: Int64 {
        get { setting(\.uploadChunkSize) }
        set { setSetting(\.uploadChunkSize, newValue) }
    }

    /// The size of each ranged read of a download (256 KiB by default).
    public var downloadChunkSizeBytes: Int64 {
        get { setting(\.downloadChunkSize) }
        set { setSetting(\.downloadChunkSize, newValue) }
    }

    /// The Firebase ID token sent with every request (`Authorization: Firebase <token>`); nil when signed out.
    public var authToken: String? {
        get { setting(\.token) }
        set { setSetting(\.token, newValue) }
    }

    /// Signs in as `uid` with an unsigned ID token (what the emulators accept).
    public func signIn(uid: String) {
        authToken = IDToken.unsigned(uid: uid)
    }

    public func signOut() {
        authToken = nil
    }

    /// The root of the bucket (no path).
    public func reference() -> StorageReference {
        StorageReference(storage: self, path: StoragePath(bucket: bucket, object: nil))
    }

    /// `reference().child(path)`: an empty path is the root.
    public func reference(withPath path: String) -> StorageReference {
        reference().child(path)
    }

    /// A reference from a `gs://bucket/path` or `http(s)://host/v0/b/bucket/o/path` URL. A malformed URL
    /// throws `pathError`; a URL of another bucket throws `bucketMismatch`.
    public func reference(forURL url: String) throws(StorageError) -> StorageReference {
        let path = try StoragePath.parse(url)
        guard bucket.isEmpty || path.bucket.utf8.elementsEqual(bucket.utf8) else {
            throw .bucketMismatch(provided: path.bucket, expected: bucket)
        }
        return StorageReference(storage: self, path: path)
    }

    /// Runs queued transfer work on this thread until `condition()` holds (true) or nothing is left that
    /// could make it hold (false): a paused task, say. Handlers run inline on this thread.
    /// `condition` must not start or control tasks.
    @discardableResult
    public func runPendingWork(until condition: () -> Bool) -> Bool {
        scheduler.run(until: condition, waitForOthers: false)
    }
}

extension NSLock {
    func withLock<Value>(_ body: () throws -> Value) rethrows -> Value {
        lock()
        defer { unlock() }
        return try body()
    }
}

import Foundation
import GCSJSON
import HTTPCore
import Reports
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// A server speaking the GCS JSON API (`--target gcs+http://HOST:PORT`): fake-gcs-server,
/// gcp-storage-emulator, storage-testbench, or `storage-conformance serve`, driven through `GCSJSONClient`.
///
/// Nothing beyond the public API is used: each scenario's bucket is created with `POST /storage/v1/b`
/// (named from the scenario id and the run's nonce, so parallel jobs and reruns never meet) and its
/// fixtures are stored with multipart uploads. What the JSON API cannot express is declared in `lacks`. The
/// client's retry waits run on the session's `VirtualClock`, as against a v0 endpoint (`HTTPTarget`).
public struct GCSTarget: Target {
    public let baseURL: URL
    public let nonce: String
    private let backend: GCSJSONClient

    public init(baseURL: URL, requestTimeout: TimeInterval = 30, nonce: String = HTTPTarget.randomNonce()) {
        self.baseURL = baseURL
        self.nonce = nonce
        backend = GCSJSONClient(baseURL: baseURL, requestTimeout: requestTimeout)
    }

    /// `gcs+http://127.0.0.1:4443`.
    public var name: String {
        var text = Substring(baseURL.absoluteString)
        while text.hasSuffix("/") { text = text.dropLast() }
        return "gcs+" + text
    }

    public var kind: TargetKind { .gcs }

    public var lacks: [ScenarioNeed: String] { Self.lacking }

    /// The Firebase parts the GCS JSON API has no way to say (docs/gcs-dialect.md §4).
    public static let lacking: [ScenarioNeed: String] = [
        .rules: "the GCS JSON API has no Firebase security rules (it authorises with IAM)",
        .firebaseAuth: "the GCS JSON API does not read Firebase ID tokens",
        .downloadURLs: "download tokens and download URLs are Firebase's, and the GCS JSON API has neither",
        .fixedGenerations: "the GCS JSON API cannot set an object's generation or metageneration",
        .errorMessages: "error messages are worded by the v0 protocol, and the GCS JSON API words its own",
        .v0Layer:
            "it checks what the Firebase v0 layer adds over GCS (default dispositions, listings that hide odd names)",
    ]

    public func openSession(for scenario: Scenario) throws(TargetFailure) -> any TargetSession {
        let bucket = ScenarioBucket.name(for: scenario.id, suffix: "-" + nonce)
        do {
            try backend.createBucket(bucket)
        } catch {
            if error.kind == .transport { throw .failed("cannot reach \(name): \(error.description)") }
            throw .failed("cannot create the bucket \(bucket): \(error.description)")
        }
        let clock = VirtualClock()
        let storage = Storage(
            bucket: bucket, backend: RealTimeBackend(backend, clock: clock), host: name, clock: clock)
        return GCSTargetSession(storage: storage, backend: backend)
    }

    /// `GET /storage/v1/b?project=…` must answer a JSON bucket list.
    public func checkUsable() throws(TargetFailure) {
        do {
            try backend.checkJSONAPI()
        } catch {
            if error.kind == .transport { throw .failed(TargetFailure.unreachablePrefix + "\(name): \(error.message)") }
            let answer = error.status.map { "HTTP \($0)" } ?? "something other than a JSON bucket list"
            throw .failed(
                "\(name) does not answer the GCS JSON API (GET /storage/v1/b answered \(answer)); "
                    + "--target gcs+http://HOST:PORT must name a GCS server or emulator")
        }
    }
}

/// One scenario's bucket on a GCS server.
private final class GCSTargetSession: TargetSession {
    let storage: Storage
    private let backend: GCSJSONClient
    /// The scenario's exchanges on the shared client, found by the bucket in their URLs.
    private let recorder = ExchangeRecorder()

    init(storage: Storage, backend: GCSJSONClient) {
        self.storage = storage
        self.backend = backend
        backend.transport.recorders.attach(recorder, key: storage.bucket)
    }

    var exchanges: ExchangeTrace { ExchangeTrace(recorder) }

    func seed(name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps) throws(TargetFailure) {
        guard stamps.isEmpty else { throw .unsupported(GCSTarget.lacking[.fixedGenerations] ?? "fixed stamps") }
        do {
            _ = try backend.uploadObject(
                ObjectAddress(bucket: storage.bucket, name: name), data: data, metadata: metadata)
        } catch {
            throw .failed("cannot store the fixture \(name): \(error.description)")
        }
    }

    func applyRules(_ rules: ScenarioRules) throws(TargetFailure) {
        throw .unsupported(GCSTarget.lacking[.rules] ?? "rules")
    }

    /// The bucket is emptied and deleted, so that a server that holds every bucket of every run (and rewrites
    /// its whole index on each change, as gcp-storage-emulator does) stays small. Failures are ignored, since
    /// the bucket's name is never used again: an object that cannot be deleted is left, with its bucket.
    func close() {
        let bucket = storage.bucket
        backend.transport.recorders.detach(key: bucket)
        for _ in 0..<Self.longestCleanup {
            guard let page = try? backend.list(ListRequest(bucket: bucket, delimiter: nil)), !page.items.isEmpty
            else { break }
            let deleted = page.items.filter { name in
                (try? backend.deleteObject(ObjectAddress(bucket: bucket, name: name))) != nil
            }
            if deleted.isEmpty { break }
        }
        try? backend.deleteBucket(bucket)
    }

    /// The most first pages a cleanup deletes.
    private static let longestCleanup = 100
}

import FirebaseV0
import Foundation
import ScenarioLanguage
import StorageAPI
import StorageSDK
import Synchronization

/// A live endpoint that speaks the Firebase Storage v0 protocol (the Firebase emulator, production, or
/// `storage-conformance serve`), driven through `FirebaseV0Client`.
///
/// Every scenario gets its own bucket, named from the scenario id plus a nonce fixed for the run, so
/// reruns against a long-lived endpoint never meet an earlier run's objects. Fixtures are stored with
/// one-shot uploads before any rules apply. Rules can be applied only where the endpoint is a
/// `StorageServer` that offers them (`GET /internal/info`, asked once per target).
public struct HTTPTarget: Target {
    public let baseURL: URL
    public let requestTimeout: TimeInterval
    /// Appended to every bucket name as `-<nonce>`.
    public let nonce: String
    private let backend: FirebaseV0Client
    private let probe = EndpointProbe()

    /// - Parameters:
    ///   - requestTimeout: how long one request may make no progress before it fails.
    ///   - nonce: the run's bucket suffix; a random one by default.
    ///   - adminToken: sent on the endpoint's `/internal` routes (`serve --admin-token`).
    public init(
        baseURL: URL, requestTimeout: TimeInterval = 30, nonce: String = HTTPTarget.randomNonce(),
        adminToken: String? = nil
    ) {
        self.baseURL = baseURL
        self.requestTimeout = requestTimeout
        self.nonce = nonce
        backend = FirebaseV0Client(baseURL: baseURL, requestTimeout: requestTimeout, adminToken: adminToken)
    }

    /// The base URL without a trailing `/`, such as `http://127.0.0.1:9199`.
    public var name: String {
        var text = Substring(baseURL.absoluteString)
        while text.hasSuffix("/") { text = text.dropLast() }
        return String(text)
    }

    public var kind: TargetKind { .http }

    /// Fails with `.failed("cannot reach …")` when the endpoint does not answer.
    public func openSession(for scenario: Scenario) throws(TargetFailure) -> any TargetSession {
        let features = try probe.features(of: backend, named: name)
        let bucket = ScenarioBucket.name(for: scenario.id, suffix: "-" + nonce)
        return HTTPTargetSession(
            storage: Storage(bucket: bucket, backend: backend, host: name), backend: backend, features: features)
    }

    /// One list request: a refused connection, a timeout or an answer that is not Firebase v0 stops the run
    /// before it starts, with one message instead of one per scenario.
    public func checkUsable() throws(TargetFailure) {
        let identity: EndpointIdentity
        do {
            identity = try backend.identify(probeBucket: "sc-probe-" + nonce)
        } catch {
            throw .failed("cannot reach \(name): \(error.message)")
        }
        switch identity {
        case .firebaseV0:
            return
        case .gcsJSON(let answer):
            throw .failed(
                "\(name) does not speak the Firebase Storage v0 protocol (GET /v0/b/…/o answered \(answer)), "
                    + "but it answers the GCS JSON API (GET /storage/v1/b): it is a GCS server or emulator, "
                    + "which --target gcs+\(name) tests")
        case .other(let answer):
            throw .failed(
                "\(name) does not speak the Firebase Storage v0 protocol: GET /v0/b/…/o answered \(answer). "
                    + "--target http://HOST:PORT must name a v0 endpoint such as the Firebase emulator or "
                    + "`storage-conformance serve`")
        }
    }

    /// Six random characters from `a–z0–9`, valid in any bucket name.
    public static func randomNonce() -> String {
        let alphabet = Array("abcdefghijklmnopqrstuvwxyz0123456789")
        var generator = SystemRandomNumberGenerator()
        return String((0..<6).map { _ in alphabet[Int(generator.next(upperBound: UInt64(alphabet.count)))] })
    }
}

/// What an endpoint offers beyond the v0 protocol, learnt once from `GET /internal/info`.
private struct EndpointFeatures: Sendable {
    var rules: Bool
    /// Fixtures with fixed stamps (`PUT /internal/buckets/B/objects/O`).
    var fixtures = false
    /// Why rules are not offered, for the skip reason.
    var rulesAbsence: String
}

/// Asks an endpoint for its features once and remembers the answer (not a failure to reach it).
private final class EndpointProbe: Sendable {
    private let known = Mutex<EndpointFeatures?>(nil)

    func features(of backend: FirebaseV0Client, named name: String) throws(TargetFailure) -> EndpointFeatures {
        if let features = known.withLock({ $0 }) { return features }
        let features: EndpointFeatures
        do {
            let info = try backend.serverInfo()
            features = EndpointFeatures(
                rules: info.features.contains("rules"), fixtures: info.features.contains("fixtures"),
                rulesAbsence:
                    "GET /internal/info of \(info.server) lists the features [\(info.features.joined(separator: ", "))]"
            )
        } catch  where error.kind == .transport {
            throw .failed("cannot reach \(name): \(error.description)")
        } catch {
            features = EndpointFeatures(rules: false, rulesAbsence: "GET /internal/info answered \(error.description)")
        }
        known.withLock { $0 = features }
        return features
    }
}

/// One scenario's bucket on the endpoint.
private final class HTTPTargetSession: TargetSession {
    let storage: Storage
    private let backend: FirebaseV0Client
    private let features: EndpointFeatures

    init(storage: Storage, backend: FirebaseV0Client, features: EndpointFeatures) {
        self.storage = storage
        self.backend = backend
        self.features = features
    }

    func seed(name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps) throws(TargetFailure) {
        let address = ObjectAddress(bucket: storage.bucket, name: name)
        if !stamps.isEmpty, !features.fixtures {
            throw .unsupported(
                "the target cannot fix download tokens or generations of fixtures (\(features.rulesAbsence))")
        }
        do {
            if stamps.isEmpty {
                _ = try backend.uploadObject(address, data: data, metadata: metadata)
            } else {
                try backend.seedObject(address, data: data, metadata: metadata, stamps: stamps)
            }
        } catch {
            throw .failed("cannot store the fixture \(name): \(error.description)")
        }
    }

    func applyRules(_ rules: StorageRules) throws(TargetFailure) {
        guard features.rules else { throw .unsupported("the target has no rules endpoint (\(features.rulesAbsence))") }
        do {
            try backend.setRules(rules, bucket: storage.bucket)
        } catch {
            throw .failed("cannot apply the rules: \(error.description)")
        }
    }

    /// The bucket is left as it is: its name is never used again.
    func close() {}
}

import FirebaseV0
import Foundation
import HTTPCore
import Reports
import ScenarioLanguage
import SecurityRules
import StorageAPI
import StorageSDK
import Synchronization

/// A live endpoint that speaks the Firebase Storage v0 protocol (the Firebase emulator, production, or
/// `storage-conformance serve`), driven through `FirebaseV0Client`.
///
/// Every scenario gets its own bucket, named from the scenario id plus a nonce fixed for the run, so
/// reruns against a long-lived endpoint never meet an earlier run's objects (so the runner never resets one), and
/// its own `VirtualClock`: the client's retry waits pass at once, never while one of its requests is on the wire.
/// Fixtures are admin writes that bypass rules (docs/security-rules.md §5): a target listing the `fixtures`
/// feature gets them on `PUT /internal/buckets/B/objects/O`, so a `serve --rules` file never refuses them; any
/// other target gets one-shot uploads before the scenario's rules apply.
///
/// Rules go to `PUT /internal/setRules` as one file whose `resource` is the scenario's bucket. How the endpoint
/// takes them is learnt once: a `StorageServer` lists `setRules` in `GET /internal/info` and keeps rules per
/// bucket, so scenarios run side by side; the Firebase emulator answers no info but has the route (a body
/// without rules is answered 400), and applies one file to every bucket: there a scenario with rules runs alone
/// (`RulesGate`), and rules that allow everything are put back after it (and set before the first scenario),
/// which is what every scenario without rules expects. An endpoint with neither skips rules scenarios.
public struct HTTPTarget: Target {
    public let baseURL: URL
    public let requestTimeout: TimeInterval
    /// Appended to every bucket name as `-<nonce>`.
    public let nonce: String
    private let backend: FirebaseV0Client
    private let probe = EndpointProbe()
    private let gate = RulesGate()

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
        var lease: RulesLease?
        if case .global = features.rules {
            lease = scenario.given.rules == nil ? .shared(gate) : .exclusive(gate)
            lease?.acquire()
        }
        let clock = VirtualClock()
        let storage = Storage(
            bucket: bucket, backend: RealTimeBackend(backend, clock: clock), host: name, clock: clock)
        return HTTPTargetSession(storage: storage, backend: backend, features: features, lease: lease)
    }

    /// One list request: a refused connection, a timeout or an answer that is not Firebase v0 stops the run
    /// before it starts, with one message instead of one per scenario.
    public func checkUsable() throws(TargetFailure) {
        let identity: EndpointIdentity
        do {
            identity = try backend.identify(probeBucket: "sc-probe-" + nonce)
        } catch {
            throw .failed(TargetFailure.unreachablePrefix + "\(name): \(error.message)")
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

/// What an endpoint offers beyond the v0 protocol, learnt once.
private struct EndpointFeatures: Sendable {
    var rules: RulesAccess
    /// Fixtures with fixed stamps (`PUT /internal/buckets/B/objects/O`).
    var fixtures = false
    /// Fault plans per bucket (`PUT /internal/buckets/B/faults`).
    var faults = false
    /// What `GET /internal/info` said, for skip reasons.
    var info: String
}

/// How an endpoint takes rules.
private enum RulesAccess: Sendable {
    /// `PUT /internal/setRules` with a file's `resource` scoping it to one bucket (`StorageServer`).
    case perBucket
    /// `PUT /internal/setRules` applying to every bucket (the Firebase emulator).
    case global
    /// No rules: why.
    case none(String)
}

/// Asks an endpoint for its features once and remembers the answer (not a failure to reach it).
private final class EndpointProbe: Sendable {
    private let known = Mutex<EndpointFeatures?>(nil)

    func features(of backend: FirebaseV0Client, named name: String) throws(TargetFailure) -> EndpointFeatures {
        if let features = known.withLock({ $0 }) { return features }
        var features: EndpointFeatures
        do {
            let info = try backend.serverInfo()
            let described =
                "GET /internal/info of \(info.server) lists the features [\(info.features.joined(separator: ", "))]"
            features = EndpointFeatures(
                rules: info.features.contains("setRules") ? .perBucket : .none(described),
                fixtures: info.features.contains("fixtures"), faults: info.features.contains("faults"),
                info: described)
        } catch  where error.kind == .transport {
            throw .failed("cannot reach \(name): \(error.description)")
        } catch {
            features = EndpointFeatures(rules: .none(""), info: "GET /internal/info answered \(error.description)")
        }
        if case .none = features.rules {
            features.rules = try Self.globalRules(of: backend, named: name, info: features.info)
        }
        known.withLock { $0 = features }
        return features
    }

    /// Whether the endpoint takes rules for every bucket at once (the emulator); if so, they are set to allow
    /// everything before any scenario runs.
    private static func globalRules(of backend: FirebaseV0Client, named name: String, info: String)
        throws(TargetFailure) -> RulesAccess
    {
        do {
            guard try backend.answersSetRules() else {
                return .none("\(info), and PUT /internal/setRules answered 404 or 405")
            }
            try backend.setRules(HTTPTargetSession.allowAll)
            return .global
        } catch  where error.kind == .transport {
            throw .failed("cannot reach \(name): \(error.description)")
        } catch {
            return .none("\(info), and PUT /internal/setRules answered \(error.description)")
        }
    }
}

/// A scenario's hold on a target whose rules are global.
private enum RulesLease: Sendable {
    case shared(RulesGate)
    case exclusive(RulesGate)

    func acquire() {
        switch self {
        case .shared(let gate): gate.acquireShared()
        case .exclusive(let gate): gate.acquireExclusive()
        }
    }

    func release() {
        switch self {
        case .shared(let gate): gate.releaseShared()
        case .exclusive(let gate): gate.releaseExclusive()
        }
    }
}

/// One scenario's bucket on the endpoint.
private final class HTTPTargetSession: TargetSession {
    let storage: Storage
    private let backend: FirebaseV0Client
    private let features: EndpointFeatures
    private let lease: RulesLease?
    /// Whether this session set rules on a target whose rules are global (they are put back when it closes).
    private let setGlobalRules = Mutex(false)
    /// The scenario's exchanges on the shared client, found by the bucket in their URLs.
    private let recorder = ExchangeRecorder()

    /// The rules every scenario without rules expects: everything allowed.
    static let allowAll = RulesSource(name: "allow-all.rules", text: StorageRules.allowAll.source)

    init(storage: Storage, backend: FirebaseV0Client, features: EndpointFeatures, lease: RulesLease?) {
        self.storage = storage
        self.backend = backend
        self.features = features
        self.lease = lease
        backend.transport.recorders.attach(recorder, key: storage.bucket)
    }

    var exchanges: ExchangeTrace { ExchangeTrace(recorder) }

    func seed(name: String, data: Data, metadata: ObjectMetadataFields, stamps: FixedStamps) throws(TargetFailure) {
        let address = ObjectAddress(bucket: storage.bucket, name: name)
        if !stamps.isEmpty, !features.fixtures {
            throw .unsupported("the target cannot fix download tokens or generations of fixtures (\(features.info))")
        }
        do {
            if features.fixtures {
                try backend.seedObject(address, data: data, metadata: metadata, stamps: stamps)
            } else {
                _ = try backend.uploadObject(address, data: data, metadata: metadata)
            }
        } catch {
            throw .failed("cannot store the fixture \(name): \(error.description)")
        }
    }

    func applyRules(_ rules: ScenarioRules) throws(TargetFailure) {
        switch features.rules {
        case .none(let reason):
            throw .unsupported("the target takes no rules (\(reason))")
        case .global:
            setGlobalRules.withLock { $0 = true }
        case .perBucket:
            break
        }
        do {
            try backend.setRules(rules.source, bucket: storage.bucket)
        } catch {
            throw .failed("cannot apply the rules: \(error.description)")
        }
    }

    var faultPlan: (any TargetFaultPlan)? {
        features.faults ? BucketFaultPlan(backend: backend, bucket: storage.bucket) : nil
    }

    /// The bucket is left as it is: its name is never used again. Global rules this session set are put back
    /// to allow everything before another scenario may run.
    func close() {
        backend.transport.recorders.detach(key: storage.bucket)
        if setGlobalRules.withLock({ $0 }) { try? backend.setRules(Self.allowAll) }
        lease?.release()
    }
}

/// A bucket's fault plan on a `StorageServer`.
private struct BucketFaultPlan: TargetFaultPlan {
    let backend: FirebaseV0Client
    let bucket: String

    func arm(_ faults: [RequestFault]) throws(TargetFailure) {
        do {
            try backend.armFaults(faults, bucket: bucket)
        } catch {
            throw .failed("cannot arm the faults on the target: \(error.description)")
        }
    }

    func tally() throws(TargetFailure) -> FaultTally {
        do {
            return try backend.faultTally(bucket: bucket)
        } catch {
            throw .failed("cannot read the fault plan's firings from the target: \(error.description)")
        }
    }

    func disarm() {
        try? backend.disarmFaults(bucket: bucket)
    }
}

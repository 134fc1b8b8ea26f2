import FirebaseV0
import Foundation
import GCSJSON
import GCSXML
import HTTPCore
import Primitives
import ReferenceService
import StorageAPI
import StorageWire
import Synchronization

/// Any `StorageBackend` served over HTTP/1.1 with the Firebase Storage v0 protocol: a small Firebase
/// Storage emulator (routes R1–R12 of docs/wire-protocol.md §1.2, CORS, JSON errors) plus `/internal/…`
/// endpoints for rules and reset when given a `StorageAdministration`, and the GCS JSON and XML APIs on the same
/// port and store (docs/gcs-dialect.md, docs/xml-dialect.md).
///
/// ```swift
/// let service = ReferenceBackend()
/// let server = StorageServer(backend: service, configuration: .init(port: 0), administration: service)
/// let port = try server.start()
/// defer { server.stop() }
/// ```
public final class StorageServer: Sendable {
    /// What `GET /internal/info` and `GET /v0/` call this server.
    public static let serverName = ServerIdentity.name
    /// The protocol surface's version, reported by `GET /internal/info`.
    public static let version = ServerIdentity.version

    public let backend: any StorageBackend
    public let configuration: HTTPServerConfiguration
    private let administration: (any StorageAdministration)?
    /// The allowed `Host` names (the configured host is added) and the admin token.
    public let hostPolicy: HostPolicy
    private let log: (@Sendable (HTTPRequestLog) -> Void)?
    private let running = Mutex<HTTPServer?>(nil)
    /// The fault plans of buckets and retry tests, which requests meet.
    private let faults: FaultPlans
    /// The XML API's multipart uploads in progress: with a `ReferenceBackend`, under its upload budget, and their
    /// parts in its data directory (`xml-parts`) when it has one.
    private let xmlUploads: XMLMultipartUploads
    /// Whether reads are answered on the event loops: the backend answers them without waiting on anything
    /// slow (no network, no disk syncs, no sleeps).
    private let answersReadsOnLoop: Bool
    /// The port upload URLs name when a request has no `Host`: the bound one while running, else the configured one.
    private let authorityPort: Locked<Int>
    /// The route table and the dialects behind their layers, built once.
    private let dispatch: ServerDispatch

    /// - Parameter answersReadsOnLoop: true when `backend` answers reads (metadata, bytes, lists) without waiting
    ///   on anything slow, as the reference does: the event loops then answer them without a thread switch.
    public init(
        backend: any StorageBackend,
        configuration: HTTPServerConfiguration = HTTPServerConfiguration(),
        administration: (any StorageAdministration)? = nil,
        hostPolicy: HostPolicy = HostPolicy(),
        answersReadsOnLoop: Bool = false,
        log: (@Sendable (HTTPRequestLog) -> Void)? = nil
    ) {
        self.answersReadsOnLoop = answersReadsOnLoop
        self.backend = backend
        self.configuration = configuration
        self.administration = administration
        var hostPolicy = hostPolicy
        if !["0.0.0.0", "::", "[::]"].contains(configuration.host) {
            hostPolicy.allowedHosts.formUnion(HostPolicy(allowedHosts: [configuration.host]).allowedHosts)
        }
        self.hostPolicy = hostPolicy
        self.log = log
        let reference = backend as? ReferenceBackend
        let xmlUploads = XMLMultipartUploads(
            budget: reference?.uploadBudget, partsFolder: reference?.dataDirectoryPath.map { $0 + "/xml-parts" })
        self.xmlUploads = xmlUploads
        let faults = FaultPlans()
        self.faults = faults
        let authorityPort = Locked(configuration.port)
        self.authorityPort = authorityPort
        dispatch = Self.makeDispatch(
            backend: backend, administration: administration, hostPolicy: hostPolicy, faults: faults,
            xmlUploads: xmlUploads, configuredHost: configuration.host, port: { authorityPort.withLock { $0 } })
    }

    deinit {
        stop()
    }

    /// Binds and listens; returns the bound port. Throws `HTTPServerError` when the address cannot be
    /// used or the server already runs.
    @discardableResult
    public func start() throws -> Int {
        try running.withLock { current in
            guard current == nil else { throw HTTPServerError.alreadyRunning }
            let dispatch = dispatch
            let readsOnLoop = answersReadsOnLoop
            let logsDecisions = log != nil
            let server = HTTPServer(
                configuration: configuration,
                planner: { head in
                    let plan = dispatch.plan(for: head, answersOnLoop: readsOnLoop && Self.isRead(head))
                    return logsDecisions ? DecisionLoggingPlan(inner: plan) : plan
                },
                errorResponder: ErrorBodyJSON.response, log: log)
            let port = try server.start()
            authorityPort.withLock { $0 = port }
            current = server
            return port
        }
    }

    /// Stops listening and finishes the requests in progress (see `HTTPServer.stop()`).
    public func stop() {
        let server = running.withLock { current in
            defer { current = nil }
            return current
        }
        server?.stop()
        authorityPort.withLock { $0 = configuration.port }
    }

    /// The port the server listens on, or nil when it is not running.
    public var port: Int? {
        running.withLock { $0?.port }
    }

    /// Answers one request in process, exactly as the server would over the network (upload URLs then
    /// name the configured host and port unless the request has a `Host`).
    public func respond(to request: HTTPRequest) -> HTTPResponse {
        dispatch.respond(to: request)
    }

    /// Reads and CORS preflights: what the event loops may answer themselves when the backend answers reads at
    /// once. An answer a fault stalls or breaks is sent from a thread all the same.
    private static func isRead(_ request: HTTPRequest) -> Bool {
        switch request.method {
        case "GET", "HEAD", "OPTIONS": true
        default: false
        }
    }

    /// `port` is read only when an upload URL must name this server (a request without `Host`).
    private static func makeDispatch(
        backend: any StorageBackend, administration: (any StorageAdministration)?, hostPolicy: HostPolicy,
        faults: FaultPlans, xmlUploads: XMLMultipartUploads, configuredHost: String,
        port: @escaping @Sendable () -> Int
    ) -> ServerDispatch {
        let host = configuredHost.contains(":") ? "[\(configuredHost)]" : configuredHost
        let authority: @Sendable () -> String = { "\(host):\(port())" }
        let v0 = FirebaseV0Server(backend: backend, hostPolicy: hostPolicy, fallbackAuthority: authority)
        let buckets = backend as? any BucketCatalog
        let gcs = GCSJSONServer(
            backend: backend, buckets: buckets, hostPolicy: hostPolicy, fallbackAuthority: authority)
        let xml = GCSXMLServer(
            backend: backend, buckets: buckets, uploads: xmlUploads, hostPolicy: hostPolicy,
            fallbackAuthority: authority)
        let uploads = xmlUploads
        return ServerDispatch(
            admin: AdminRoutes(
                administration: administration, faults: faults, hostPolicy: hostPolicy,
                onReset: { uploads.removeAll() }),
            retryTests: RetryTestRoutes(plans: faults, hostPolicy: hostPolicy),
            // The XML API claims path-style /BUCKET/… paths no other route has; v0 answers what is left.
            dialects: [FaultLayer(inner: gcs, plans: faults), CORSLayer(inner: FaultLayer(inner: xml, plans: faults))],
            fallback: CORSLayer(inner: FaultLayer(inner: v0, plans: faults)))
    }
}

import Synchronization

/// A small HTTP/1.1 server on POSIX sockets that asks one planner what to do with each request (the
/// API's router), independent of any API.
///
/// An accept thread hands each connection to an event loop (one per core), which waits for all of its idle
/// connections at once and answers the requests whose plan says `answersOnLoop` itself, without a thread switch; every
/// other request is served on a thread of its own, which may wait as long as the limits allow, and the
/// connection goes back to its loop afterwards. Plans are made and answered concurrently on all of them. The core
/// answers protocol errors itself, in the shape the `errorResponder` gives (plain text by
/// default; the Firebase v0 layer passes its JSON): malformed requests 400, stalled requests 408, bodies over
/// the limit 413, over-long request lines 414, too many or too large headers 431, unknown expectations 417, unknown transfer codings 501, versions
/// other than 1.0/1.1 505, connections beyond the limit 503.
///
/// ```swift
/// let server = HTTPServer(configuration: .init(port: 0)) { request in
///     HTTPResponse(status: 200, body: Data("hello".utf8))
/// }
/// let port = try server.start()
/// defer { server.stop() }
/// ```
public final class HTTPServer: Sendable {
    public let configuration: HTTPServerConfiguration
    private let planner: @Sendable (HTTPRequest) -> any HTTPRequestPlan
    private let errorResponder: HTTPErrorResponder
    private let log: (@Sendable (HTTPRequestLog) -> Void)?
    private let runtime = Mutex<ServerRuntime?>(nil)

    /// - Parameters:
    ///   - planner: called once per request with its head (its body not read yet): the plan the connection asks
    ///     everything else of, its answer included. Called concurrently from every event loop and thread.
    ///   - errorResponder: the answer to an error the core detects itself.
    ///   - log: called after each response (also for requests the core refused), on the thread that sent it; it
    ///     must not block.
    public init(
        configuration: HTTPServerConfiguration,
        planner: @escaping @Sendable (HTTPRequest) -> any HTTPRequestPlan,
        errorResponder: @escaping HTTPErrorResponder = HTTPResponse.plainError,
        log: (@Sendable (HTTPRequestLog) -> Void)? = nil
    ) {
        self.configuration = configuration
        self.planner = planner
        self.errorResponder = errorResponder
        self.log = log
    }

    /// A server whose plan for each request is made of the closures given, each asked as `HTTPRequestPlan` says
    /// (`vetHead` is its `refusal`); a closure left out answers as the plan's default does.
    public convenience init(
        configuration: HTTPServerConfiguration,
        handler: @escaping @Sendable (HTTPRequest) -> HTTPResponse,
        vetHead: (@Sendable (HTTPRequest) -> HTTPResponse?)? = nil,
        streamsBody: (@Sendable (HTTPRequest) -> Bool)? = nil,
        bufferedBodyLimit: (@Sendable (HTTPRequest) -> Int?)? = nil,
        answersOnLoop: (@Sendable (HTTPRequest) -> Bool)? = nil,
        errorResponder: @escaping HTTPErrorResponder = HTTPResponse.plainError,
        log: (@Sendable (HTTPRequestLog) -> Void)? = nil
    ) {
        self.init(
            configuration: configuration,
            planner: { head in
                ClosurePlan(
                    handler: handler, vetHead: vetHead, streams: streamsBody, bodyLimit: bufferedBodyLimit,
                    answersOnLoop: answersOnLoop?(head) ?? false)
            }, errorResponder: errorResponder, log: log)
    }

    deinit {
        stop()
    }

    /// Binds and listens; returns the bound port (the one the system chose when the configured port is 0).
    /// Throws `HTTPServerError` when the port is in use, the host is not usable or the server already runs.
    @discardableResult
    public func start() throws -> Int {
        try runtime.withLock { current in
            guard current == nil else { throw HTTPServerError.alreadyRunning }
            try configuration.validate()
            BrokenPipes.ignore()
            let started = try ServerRuntime(
                configuration: configuration, planner: planner, errorResponder: errorResponder, log: log
            )
            try started.startAccepting()
            current = started
            return started.port
        }
    }

    /// Stops accepting, closes idle connections and lets requests in progress finish for up to
    /// `stopGracePeriod` before shutting their connections down; returns when that is done.
    /// The server can be started again afterwards.
    public func stop() {
        let running = runtime.withLock { current in
            defer { current = nil }
            return current
        }
        running?.stop()
    }

    /// The port the server listens on, or nil when it is not running.
    public var port: Int? {
        runtime.withLock { $0?.port }
    }

    /// How many connections are being served right now.
    public var openConnectionCount: Int {
        runtime.withLock { $0?.registry.count ?? 0 }
    }
}

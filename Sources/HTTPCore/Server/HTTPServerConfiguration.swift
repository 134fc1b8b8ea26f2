import Foundation

/// Where an `HTTPServer` listens and the limits it enforces on every connection.
public struct HTTPServerConfiguration: Sendable, Equatable {
    /// A numeric address or a name to resolve (`127.0.0.1`, `0.0.0.0`, `::1`, `localhost`).
    public var host: String
    /// The TCP port; 0 asks the system for a free one (read it from `HTTPServer.start()`).
    public var port: Int
    /// The longest request line accepted (without its line ending); longer → 414.
    public var maxRequestLineBytes: Int
    /// The most bytes of header lines (line endings included) in one request, or in one chunked body's trailers; more → 431.
    public var maxHeaderBytes: Int
    /// The most header fields in one request; more → 431.
    public var maxHeaderCount: Int
    /// The largest request body accepted; larger → 413.
    public var maxBodyBytes: Int
    /// The largest request body the server receives whole into memory before the handler runs (a body it does
    /// not stream); larger → 413. At most `maxBodyBytes` counts.
    public var maxBufferedBodyBytes: Int
    /// The most bytes of bodies received whole (not streamed) held in memory at once, across every connection; a
    /// body that would pass it is answered 503 (one larger than it, 413).
    public var bodyBudgetBytes: Int
    /// How long a keep-alive connection may sit between requests before the server closes it.
    public var idleTimeout: Duration
    /// How long a request in progress may stall. The head (request line and headers) must arrive within this
    /// time of its first byte; while the body arrives, each wait for more bytes is bounded by it. Expiry → 408.
    public var readTimeout: Duration
    /// The slowest average rate a request body may arrive at once `readTimeout` has passed; slower → 408.
    public var minimumBodyBytesPerSecond: Int
    /// How long one write may make no progress before the server gives the peer up.
    public var writeTimeout: Duration
    /// The most connections served at once; a connection beyond it is answered 503 and closed. Within the
    /// process's descriptor budget at start (`DescriptorBudget`): a lower limit on open files lowers it.
    public var maxConnections: Int
    /// How long `stop()` waits for requests in progress before it shuts their connections down.
    public var stopGracePeriod: Duration
    /// How many event loops hold the idle connections and answer the requests that need no waiting: one per
    /// core by default (at most 16).
    public var eventLoops: Int

    public init(
        host: String = "127.0.0.1",
        port: Int = 9199,
        maxRequestLineBytes: Int = 8 * 1024,
        maxHeaderBytes: Int = 64 * 1024,
        maxHeaderCount: Int = 100,
        maxBodyBytes: Int = 512 * 1024 * 1024,
        maxBufferedBodyBytes: Int = 512 * 1024 * 1024,
        bodyBudgetBytes: Int = 1024 * 1024 * 1024,
        idleTimeout: Duration = .seconds(60),
        readTimeout: Duration = .seconds(30),
        minimumBodyBytesPerSecond: Int = 16 * 1024,
        writeTimeout: Duration = .seconds(30),
        maxConnections: Int = 1024,
        stopGracePeriod: Duration = .seconds(3),
        eventLoops: Int = HTTPServerConfiguration.defaultEventLoops
    ) {
        self.host = host
        self.port = port
        self.maxRequestLineBytes = maxRequestLineBytes
        self.maxHeaderBytes = maxHeaderBytes
        self.maxHeaderCount = maxHeaderCount
        self.maxBodyBytes = maxBodyBytes
        self.maxBufferedBodyBytes = maxBufferedBodyBytes
        self.bodyBudgetBytes = bodyBudgetBytes
        self.idleTimeout = idleTimeout
        self.readTimeout = readTimeout
        self.minimumBodyBytesPerSecond = minimumBodyBytesPerSecond
        self.writeTimeout = writeTimeout
        self.maxConnections = maxConnections
        self.stopGracePeriod = stopGracePeriod
        self.eventLoops = eventLoops
    }

    /// One event loop per core the process may use, at most 16.
    public static var defaultEventLoops: Int {
        min(max(ProcessInfo.processInfo.activeProcessorCount, 1), 16)
    }

    /// Throws `HTTPServerError.invalidConfiguration` naming the first setting out of range.
    func validate() throws {
        guard (0...65535).contains(port) else { throw HTTPServerError.invalidPort(port) }
        let positive: [(String, Int)] = [
            ("maxRequestLineBytes", maxRequestLineBytes), ("maxHeaderBytes", maxHeaderBytes),
            ("maxHeaderCount", maxHeaderCount), ("maxConnections", maxConnections), ("eventLoops", eventLoops),
            ("minimumBodyBytesPerSecond", minimumBodyBytesPerSecond),
        ]
        for (name, value) in positive where value <= 0 {
            throw HTTPServerError.invalidConfiguration("\(name) must be positive, got \(value)")
        }
        for (name, value) in [
            ("maxBodyBytes", maxBodyBytes), ("maxBufferedBodyBytes", maxBufferedBodyBytes),
            ("bodyBudgetBytes", bodyBudgetBytes),
        ]
        where value < 0 {
            throw HTTPServerError.invalidConfiguration("\(name) must not be negative, got \(value)")
        }
        let durations: [(String, Duration)] = [
            ("idleTimeout", idleTimeout), ("readTimeout", readTimeout), ("writeTimeout", writeTimeout),
        ]
        for (name, value) in durations where value <= .zero {
            throw HTTPServerError.invalidConfiguration("\(name) must be positive, got \(value)")
        }
        guard stopGracePeriod >= .zero else {
            throw HTTPServerError.invalidConfiguration("stopGracePeriod must not be negative, got \(stopGracePeriod)")
        }
    }
}

import Dispatch
import Primitives
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Everything one `start()`…`stop()` run of an `HTTPServer` owns: the listening socket, the accept
/// thread, the event loops (one per core), the threads that serve connections while they wait, and the signal
/// that stops them all.
final class ServerRuntime: Sendable {
    let configuration: HTTPServerConfiguration
    let planner: @Sendable (HTTPRequest) -> any HTTPRequestPlan
    let errorResponder: HTTPErrorResponder
    let log: (@Sendable (HTTPRequestLog) -> Void)?
    let stopSignal: StopSignal
    let registry = ConnectionRegistry()
    let bodyBudget: BodyBudget
    let threads = ConnectionThreads()
    private let loops: [EventLoop]
    private let listener: ListeningSocket
    private let stopping = Atomic<Bool>(false)
    private let nextLoop = Atomic<Int>(0)
    private let connections = DispatchGroup()
    private let acceptLoopEnded = DispatchSemaphore(value: 0)
    private let loopsEnded = DispatchGroup()
    /// The most connections served at once: the configured limit, within the descriptor budget at start.
    let connectionLimit: Int

    var port: Int { listener.port }

    var isStopping: Bool { stopping.load(ordering: .relaxed) }

    /// Binds and listens, and makes the event loops (started by `startAccepting()`).
    init(
        configuration: HTTPServerConfiguration, planner: @escaping @Sendable (HTTPRequest) -> any HTTPRequestPlan,
        errorResponder: @escaping HTTPErrorResponder,
        log: (@Sendable (HTTPRequestLog) -> Void)?
    ) throws {
        self.configuration = configuration
        self.planner = planner
        self.errorResponder = errorResponder
        self.log = log
        bodyBudget = BodyBudget(limit: configuration.bodyBudgetBytes)
        connectionLimit = min(configuration.maxConnections, DescriptorBudget.current.connections)
        stopSignal = try StopSignal()
        loops = try (0..<configuration.eventLoops).map { _ in try EventLoop() }
        listener = try ListeningSocket.open(host: configuration.host, port: configuration.port)
    }

    /// Starts the event loops and the accept thread.
    func startAccepting() throws {
        for loop in loops {
            loopsEnded.enter()
            let started = DetachedThread.start { [self] in
                loop.run(for: self)
                loopsEnded.leave()
            }
            guard started else {
                loopsEnded.leave()
                stopSignal.fire()
                listener.close()
                throw HTTPServerError.systemCallFailed("pthread_create", code: EAGAIN)
            }
        }
        guard DetachedThread.start({ [self] in acceptLoop() }) else {
            stopSignal.fire()
            listener.close()
            throw HTTPServerError.systemCallFailed("pthread_create", code: EAGAIN)
        }
    }

    private func acceptLoop() {
        var writer = ResponseWriter(errorResponder: errorResponder)
        while waitForConnection() {
            switch listener.accept() {
            case .success(let (descriptor, peer)):
                let socket = ConnectionSocket(
                    descriptor: descriptor, writeTimeoutMilliseconds: configuration.writeTimeout.pollMilliseconds)
                admit(socket, peer: peer, writer: &writer)
            case .failure(let failure):
                // Out of descriptors or memory: back off a little (a stop ends the wait) before accepting again.
                if failure.isResourceExhaustion { _ = stopSignal.wait(milliseconds: 10) }
            }
        }
        listener.close()
        acceptLoopEnded.signal()
    }

    /// Blocks until a connection is pending (true) or the server stops (false).
    private func waitForConnection() -> Bool {
        var fds = (
            pollfd(fd: listener.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: stopSignal.descriptor, events: Int16(POLLIN), revents: 0)
        )
        while !isStopping {
            let ready = withUnsafeMutableBytes(of: &fds) { raw in
                poll(raw.baseAddress?.assumingMemoryBound(to: pollfd.self), 2, -1)
            }
            if ready > 0 { return fds.1.revents == 0 }
            if ready < 0, errno != EINTR { _ = stopSignal.wait(milliseconds: 10) }
        }
        return false
    }

    /// Hands the connection to an event loop (in turn), or refuses it with 503 when at the limit.
    private func admit(_ socket: ConnectionSocket, peer: String, writer: inout ResponseWriter) {
        guard let activity = registry.add(socket.descriptor, limit: connectionLimit) else {
            refuse(socket, peer: peer, message: "The server has too many open connections.", writer: &writer)
            return
        }
        socket.configure()
        connections.enter()
        let connection = HTTPConnection(socket: socket, activity: activity, remoteAddress: peer, runtime: self)
        let loop = loops[nextLoop.wrappingAdd(1, ordering: .relaxed).oldValue % loops.count]
        if !loop.adopt(connection) { connectionEnded(socket) }
    }

    /// Answers 503 without waiting (the response fits an empty socket buffer) and closes.
    private func refuse(_ socket: ConnectionSocket, peer: String, message: String, writer: inout ResponseWriter) {
        let response = errorResponder(503, message)
        let bytes = writer.serialize(response, for: .init(isHead: false, version: .http11, keepAlive: false))
        socket.sendWithoutWaiting(bytes)
        socket.shutdownWrite()
        socket.drain(limit: 64 * 1024, timeoutMilliseconds: 0, stopDescriptor: nil)
        socket.close()
        log?(
            HTTPRequestLog(
                method: "", target: "", status: 503, requestBytes: 0, responseBytes: bytes.count, duration: .zero,
                remoteAddress: peer))
    }

    /// Called by whoever holds a connection (its event loop or thread) as its last act.
    func connectionEnded(_ socket: ConnectionSocket) {
        registry.remove(socket.descriptor)
        socket.close()
        connections.leave()
    }

    /// Stops accepting, has the event loops close the idle connections, waits up to the grace period for
    /// requests in progress, then shuts down whatever is left. Only the first call does anything.
    func stop() {
        guard stopping.compareExchange(expected: false, desired: true, ordering: .sequentiallyConsistent).exchanged
        else {
            return
        }
        stopSignal.fire()
        _ = acceptLoopEnded.wait(timeout: .now() + .seconds(5))
        _ = loopsEnded.wait(timeout: .now() + .seconds(5))
        let grace = DispatchTimeInterval.milliseconds(Int(configuration.stopGracePeriod.pollMilliseconds))
        if connections.wait(timeout: .now() + grace) == .timedOut {
            registry.shutdownAll()
            _ = connections.wait(timeout: .now() + .seconds(1))
        }
        threads.stop()
    }
}

import Primitives

/// The connections one event loop holds between requests, the poller that watches them and the loop's count of
/// turns: state of the loop's thread alone, owned by `EventLoop.run`.
struct HeldConnections {
    /// A connection held, with what the loop knows of it.
    private struct Held {
        let connection: HTTPConnection
        /// When the loop closes it unless a request arrives (monotonic milliseconds).
        var idleDeadline: Int
        /// The loop's turn in which it was last served.
        var servedInTurn: Int
    }

    let poller: ReadinessPoller
    private var held: [Int32: Held] = [:]
    /// The earliest idle deadline of a held connection, or later (monotonic milliseconds).
    private(set) var nextExpiry = Int.max
    /// Counts the loop's turns, so that a connection is served at most once in each.
    private var turn = 0

    init(poller: ReadinessPoller) {
        self.poller = poller
    }

    /// The connection a ready descriptor belongs to.
    func connection(for descriptor: Int32) -> HTTPConnection? {
        held[descriptor]?.connection
    }

    mutating func beginTurn() {
        turn &+= 1
    }

    /// Serves what has arrived on `connection`: keeps it (in `again` when it has requests left), hands it to a
    /// thread that gives it back to `loop`, or closes it.
    mutating func serve(
        _ connection: HTTPConnection, now: Int, idleMilliseconds: Int, runtime: ServerRuntime, loop: EventLoop,
        again: inout [HTTPConnection]
    ) {
        // A connection both ready and left over from the last turn is served once; one handed off meanwhile, not.
        guard let entry = held.index(forKey: connection.socket.descriptor),
            held.values[entry].connection === connection, held.values[entry].servedInTurn != turn
        else { return }
        held.values[entry].servedInTurn = turn
        switch connection.serveReady() {
        case .wait:
            held.values[entry].idleDeadline = now + idleMilliseconds
            nextExpiry = min(nextExpiry, now + idleMilliseconds)
        case .again:
            held.values[entry].idleDeadline = now + idleMilliseconds
            nextExpiry = min(nextExpiry, now + idleMilliseconds)
            again.append(connection)
        case .handOff(let continuation):
            release(connection)
            let started = runtime.threads.run {
                guard connection.serve(continuation) else { return }
                if !loop.adopt(connection) { runtime.connectionEnded(connection.socket) }
            }
            if !started { runtime.connectionEnded(connection.socket) }
        case .end:
            release(connection)
            runtime.connectionEnded(connection.socket)
        }
    }

    mutating func hold(_ connection: HTTPConnection, until deadline: Int, runtime: ServerRuntime) {
        let descriptor = connection.socket.descriptor
        do {
            try poller.add(descriptor)
        } catch {
            runtime.connectionEnded(connection.socket)
            return
        }
        held[descriptor] = Held(connection: connection, idleDeadline: deadline, servedInTurn: turn &- 1)
        connection.activity.mark(.idle)
        nextExpiry = min(nextExpiry, deadline)
    }

    private mutating func release(_ connection: HTTPConnection) {
        poller.remove(connection.socket.descriptor)
        held.removeValue(forKey: connection.socket.descriptor)
    }

    /// Closes the connections idle past their deadline, and finds the next deadline.
    mutating func closeExpired(now: Int, runtime: ServerRuntime) {
        nextExpiry = Int.max
        for entry in Array(held.values) {
            if entry.idleDeadline <= now {
                release(entry.connection)
                runtime.connectionEnded(entry.connection.socket)
            } else {
                nextExpiry = min(nextExpiry, entry.idleDeadline)
            }
        }
    }

    /// Closes every connection held, and `others`.
    mutating func closeAll(and others: [HTTPConnection], runtime: ServerRuntime) {
        for entry in Array(held.values) {
            release(entry.connection)
            runtime.connectionEnded(entry.connection.socket)
        }
        for connection in others { runtime.connectionEnded(connection.socket) }
    }
}

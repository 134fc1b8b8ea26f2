import Primitives
import Synchronization

/// One thread that holds many connections between requests: it waits for all of them at once (epoll on Linux)
/// and answers there the requests that need no waiting, so a small request costs no thread switch. Whatever
/// must wait goes to a thread of `ConnectionThreads`, which gives the connection back through `adopt(_:)`.
///
/// It closes a connection that stays idle past the idle timeout, or that the registry shuts down to make room,
/// and, once the server stops, every connection it holds.
///
/// The poller, the connections held and the rest of the loop's state are touched by the loop's thread alone;
/// other threads reach the loop only through `adopt(_:)`, whose inbox is behind a mutex. Hence unchecked.
final class EventLoop: @unchecked Sendable {
    private struct Inbox {
        var arrivals: [HTTPConnection] = []
        var closed = false
    }

    private let poller: ReadinessPoller
    private let wake: WakeSignal
    private let inbox = Mutex(Inbox())
    private var held: [Int32: HTTPConnection] = [:]
    /// The earliest idle deadline of a held connection, or later (monotonic milliseconds).
    private var nextExpiry = Int.max
    /// Counts the loop's turns, so that a connection is served at most once in each.
    private var turn = 0

    init() throws {
        poller = try ReadinessPoller()
        wake = try WakeSignal()
        try poller.add(wake.descriptor)
    }

    /// Hands a connection waiting for its next request to the loop; false once the loop has ended (the caller
    /// closes the connection then).
    func adopt(_ connection: HTTPConnection) -> Bool {
        let taken = inbox.withLock { inbox in
            guard !inbox.closed else { return false }
            inbox.arrivals.append(connection)
            return true
        }
        if taken { wake.wake() }
        return taken
    }

    /// Serves until the runtime stops, then closes every connection it holds. Runs on the loop's own thread.
    func run(for runtime: ServerRuntime) {
        let idleMilliseconds = Int(runtime.configuration.idleTimeout.pollMilliseconds)
        let stopDescriptor = runtime.stopSignal.descriptor
        do {
            try poller.add(stopDescriptor)
        } catch {
            closeEverything(for: runtime)
            return
        }
        var ready: [HTTPConnection] = []
        // Connections that had requests left when their turn ended, served first in the next turn.
        var again: [HTTPConnection] = []
        var leftovers: [HTTPConnection] = []
        var stopping = false
        var woken = false
        while !stopping {
            let timeout = again.isEmpty ? Self.timeout(until: nextExpiry) : 0
            poller.wait(timeoutMilliseconds: timeout) { descriptor in
                if descriptor == wake.descriptor {
                    woken = true
                } else if descriptor == stopDescriptor {
                    stopping = true
                } else if let connection = held[descriptor] {
                    ready.append(connection)
                }
            }
            // On stop, the requests that have arrived are still answered (with `Connection: close`), then every
            // connection held is closed.
            let now = MonotonicClock.milliseconds()
            turn &+= 1
            swap(&again, &leftovers)
            for connection in leftovers {
                serve(connection, now: now, idleMilliseconds: idleMilliseconds, runtime: runtime, again: &again)
            }
            for connection in ready {
                serve(connection, now: now, idleMilliseconds: idleMilliseconds, runtime: runtime, again: &again)
            }
            leftovers.removeAll(keepingCapacity: true)
            ready.removeAll(keepingCapacity: true)
            if stopping { break }
            if woken {
                woken = false
                wake.drain()
                let arrivals = inbox.withLock { inbox in
                    defer { inbox.arrivals.removeAll(keepingCapacity: true) }
                    return inbox.arrivals
                }
                for connection in arrivals {
                    hold(connection, until: now + idleMilliseconds, runtime: runtime)
                }
            }
            if now >= nextExpiry { closeExpired(now: now, runtime: runtime) }
        }
        closeEverything(for: runtime)
    }

    private func serve(
        _ connection: HTTPConnection, now: Int, idleMilliseconds: Int, runtime: ServerRuntime,
        again: inout [HTTPConnection]
    ) {
        // A connection both ready and left over from the last turn is served once; one handed off meanwhile, not.
        guard held[connection.socket.descriptor] === connection, connection.loopTurn != turn else { return }
        connection.loopTurn = turn
        switch connection.serveReady() {
        case .wait:
            connection.idleDeadline = now + idleMilliseconds
            nextExpiry = min(nextExpiry, connection.idleDeadline)
        case .again:
            connection.idleDeadline = now + idleMilliseconds
            nextExpiry = min(nextExpiry, connection.idleDeadline)
            again.append(connection)
        case .handOff(let continuation):
            release(connection)
            let started = runtime.threads.run { [self] in
                guard connection.serve(continuation) else { return }
                if !adopt(connection) { runtime.connectionEnded(connection.socket) }
            }
            if !started { runtime.connectionEnded(connection.socket) }
        case .end:
            release(connection)
            runtime.connectionEnded(connection.socket)
        }
    }

    private func hold(_ connection: HTTPConnection, until deadline: Int, runtime: ServerRuntime) {
        let descriptor = connection.socket.descriptor
        do {
            try poller.add(descriptor)
        } catch {
            runtime.connectionEnded(connection.socket)
            return
        }
        held[descriptor] = connection
        connection.idleDeadline = deadline
        connection.activity.mark(.idle)
        nextExpiry = min(nextExpiry, deadline)
    }

    private func release(_ connection: HTTPConnection) {
        poller.remove(connection.socket.descriptor)
        held.removeValue(forKey: connection.socket.descriptor)
    }

    /// Closes the connections idle past their deadline, and finds the next deadline.
    private func closeExpired(now: Int, runtime: ServerRuntime) {
        nextExpiry = Int.max
        for connection in Array(held.values) {
            if connection.idleDeadline <= now {
                release(connection)
                runtime.connectionEnded(connection.socket)
            } else {
                nextExpiry = min(nextExpiry, connection.idleDeadline)
            }
        }
    }

    private func closeEverything(for runtime: ServerRuntime) {
        let arrivals = inbox.withLock { inbox in
            inbox.closed = true
            defer { inbox.arrivals.removeAll() }
            return inbox.arrivals
        }
        for connection in Array(held.values) + arrivals {
            release(connection)
            runtime.connectionEnded(connection.socket)
        }
    }

    /// Milliseconds from now until `deadline` for the poller: -1 (no limit) for none.
    private static func timeout(until deadline: Int) -> Int32 {
        guard deadline != Int.max else { return -1 }
        return Int32(clamping: max(0, deadline - MonotonicClock.milliseconds()))
    }
}

import Primitives
import Synchronization

/// One thread that holds many connections between requests: it waits for all of them at once (epoll on Linux)
/// and answers there the requests that need no waiting, so a small request costs no thread switch. Whatever
/// must wait goes to a thread of `ConnectionThreads`, which gives the connection back through `adopt(_:)`.
///
/// It closes a connection that stays idle past the idle timeout, or that the registry shuts down to make room,
/// and, once the server stops, every connection it holds.
///
/// Other threads reach the loop only through `adopt(_:)`, whose inbox is behind a mutex; the poller and the
/// connections held belong to the loop's thread alone, in `run`'s `HeldConnections`.
final class EventLoop: Sendable {
    private struct Inbox {
        var arrivals: [HTTPConnection] = []
        var closed = false
    }

    private let wake: WakeSignal
    private let inbox = Mutex(Inbox())
    /// The poller, made with the loop (so that a failure shows when the server starts) and taken by `run`.
    private let poller: Mutex<ReadinessPoller?>

    init() throws {
        let poller = try ReadinessPoller()
        wake = try WakeSignal()
        try poller.add(wake.descriptor)
        self.poller = Mutex(poller)
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

    /// Serves until the runtime stops, then closes every connection it holds. Runs on the loop's own thread,
    /// once.
    func run(for runtime: ServerRuntime) {
        let idleMilliseconds = Int(runtime.configuration.idleTimeout.pollMilliseconds)
        let stopDescriptor = runtime.stopSignal.descriptor
        guard let poller = poller.withLock({ $0.take() }), (try? poller.add(stopDescriptor)) != nil else {
            closeInbox(runtime: runtime)
            return
        }
        var connections = HeldConnections(poller: poller)
        var ready: [HTTPConnection] = []
        // Connections that had requests left when their turn ended, served first in the next turn.
        var again: [HTTPConnection] = []
        var leftovers: [HTTPConnection] = []
        var stopping = false
        var woken = false
        while !stopping {
            let timeout = again.isEmpty ? Self.timeout(until: connections.nextExpiry) : 0
            poller.wait(timeoutMilliseconds: timeout) { descriptor in
                if descriptor == wake.descriptor {
                    woken = true
                } else if descriptor == stopDescriptor {
                    stopping = true
                } else if let connection = connections.connection(for: descriptor) {
                    ready.append(connection)
                }
            }
            // On stop, the requests that have arrived are still answered (with `Connection: close`), then every
            // connection held is closed.
            let now = MonotonicClock.milliseconds()
            connections.beginTurn()
            swap(&again, &leftovers)
            for connection in leftovers {
                connections.serve(
                    connection, now: now, idleMilliseconds: idleMilliseconds, runtime: runtime, loop: self,
                    again: &again)
            }
            for connection in ready {
                connections.serve(
                    connection, now: now, idleMilliseconds: idleMilliseconds, runtime: runtime, loop: self,
                    again: &again)
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
                    connections.hold(connection, until: now + idleMilliseconds, runtime: runtime)
                }
            }
            if now >= connections.nextExpiry { connections.closeExpired(now: now, runtime: runtime) }
        }
        connections.closeAll(and: closeInbox(), runtime: runtime)
    }

    /// Refuses further connections; returns those that arrived and were not held yet.
    private func closeInbox() -> [HTTPConnection] {
        inbox.withLock { inbox in
            inbox.closed = true
            defer { inbox.arrivals.removeAll() }
            return inbox.arrivals
        }
    }

    /// Refuses further connections and closes those that arrived.
    private func closeInbox(runtime: ServerRuntime) {
        for connection in closeInbox() { runtime.connectionEnded(connection.socket) }
    }

    /// Milliseconds from now until `deadline` for the poller: -1 (no limit) for none.
    private static func timeout(until deadline: Int) -> Int32 {
        guard deadline != Int.max else { return -1 }
        return Int32(clamping: max(0, deadline - MonotonicClock.milliseconds()))
    }
}

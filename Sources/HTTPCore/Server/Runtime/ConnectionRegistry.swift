import Primitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The connections being served, with what each is doing, so the server can enforce its limit without letting
/// slow or idle clients starve others, and, on stop, shut down connections that overstay the grace period.
///
/// At the limit, a new connection takes the place of one that is evicted: the one that has spent longest (at
/// least `evictableAfter`) receiving a request's head, which slow clients trickle; else the longest-idle
/// keep-alive connection, idle at least as long. A connection whose body is arriving or whose response is being
/// made is never evicted, nor is one between two quick requests: slow clients never cost an ordinary request
/// its connection. An evicted connection is shut down (whoever serves it sees the end of the stream) and no
/// longer counts against the limit.
///
/// A connection leaves the registry *before* its descriptor is closed, so a shutdown can never hit a
/// descriptor number the system has already handed to someone else.
final class ConnectionRegistry: Sendable {
    private struct Entry {
        let activity: ConnectionActivity
        var evicted = false
    }

    private let entries = Locked<[Int32: Entry]>([:])
    /// How long (nanoseconds) a connection must have been receiving before it may be evicted for a newcomer.
    private let evictableAfter: UInt64

    init(evictableAfter: Duration = .seconds(1)) {
        let (seconds, attoseconds) = evictableAfter.components
        self.evictableAfter = UInt64(seconds) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// Registers `descriptor`, receiving; when `limit` connections are already counted, evicts one if it can.
    /// The activity the connection marks its phases on, or nil when the limit is reached and none may be evicted.
    func add(_ descriptor: Int32, limit: Int) -> ConnectionActivity? {
        let activity = ConnectionActivity()
        return entries.withLock { entries in
            if entries.values.count(where: { !$0.evicted }) >= limit {
                guard let victim = Self.victim(in: entries, evictableAfter: evictableAfter) else {
                    return nil
                }
                entries[victim]?.evicted = true
                _ = shutdown(victim, Int32(SHUT_RDWR))
            }
            entries[descriptor] = Entry(activity: activity)
            return activity
        }
    }

    func remove(_ descriptor: Int32) {
        _ = entries.withLock { $0.removeValue(forKey: descriptor) }
    }

    var count: Int {
        entries.withLock { $0.count }
    }

    /// Shuts every registered connection down both ways, waking any thread blocked on it.
    func shutdownAll() {
        entries.withLock { entries in
            for descriptor in entries.keys {
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }

    private static func victim(in entries: [Int32: Entry], evictableAfter: UInt64) -> Int32? {
        let now = MonotonicClock.nanoseconds()
        let candidates = entries.filter { !$0.value.evicted }.map { ($0.key, $0.value.activity.current) }
            .filter { now &- $0.1.since >= evictableAfter }
        for phase in [ConnectionActivity.Phase.receiving, .idle] {
            if let oldest = candidates.filter({ $0.1.phase == phase }).min(by: { $0.1.since < $1.1.since }) {
                return oldest.0
            }
        }
        return nil
    }
}

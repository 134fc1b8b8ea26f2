import StorageModel

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The connections being served, with what each is doing, so the server can enforce its limit without letting
/// slow or idle clients starve others, and, on stop, shut down connections that overstay the grace period.
///
/// At the limit, a new connection takes the place of one that is evicted: the longest-idle keep-alive
/// connection, else the one that has spent longest (at least `evictableAfter`) receiving a request. A
/// connection whose response is being made is never evicted. An evicted connection is shut down (its thread
/// wakes and ends) and no longer counts against the limit.
///
/// A connection leaves the registry *before* its descriptor is closed, so a shutdown can never hit a
/// descriptor number the system has already handed to someone else.
final class ConnectionRegistry: Sendable {
    /// What a connection is doing.
    enum Phase: Sendable {
        /// Waiting for the next request on a kept-alive connection.
        case idle
        /// Receiving a request's head or body.
        case receiving
        /// Making or writing the response.
        case responding
    }

    private struct Entry {
        var phase: Phase
        var since: ContinuousClock.Instant
        var evicted = false
    }

    private let entries = Locked<[Int32: Entry]>([:])
    /// How long a connection must have been receiving before it may be evicted for a newcomer.
    let evictableAfter: Duration

    init(evictableAfter: Duration = .seconds(1)) {
        self.evictableAfter = evictableAfter
    }

    /// Registers `descriptor`; when `limit` connections are already counted, evicts one if it can.
    /// False when the limit is reached and no connection may be evicted.
    func add(_ descriptor: Int32, limit: Int) -> Bool {
        let now = ContinuousClock.now
        return entries.withLock { entries in
            if entries.values.count(where: { !$0.evicted }) >= limit {
                guard let victim = Self.victim(in: entries, now: now, evictableAfter: evictableAfter) else {
                    return false
                }
                entries[victim]?.evicted = true
                _ = shutdown(victim, Int32(SHUT_RDWR))
            }
            entries[descriptor] = Entry(phase: .receiving, since: now)
            return true
        }
    }

    func mark(_ descriptor: Int32, _ phase: Phase) {
        let now = ContinuousClock.now
        entries.withLock { entries in
            guard entries[descriptor]?.phase != phase else { return }
            entries[descriptor]?.phase = phase
            entries[descriptor]?.since = now
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

    private static func victim(
        in entries: [Int32: Entry], now: ContinuousClock.Instant, evictableAfter: Duration
    ) -> Int32? {
        let candidates = entries.filter { !$0.value.evicted }
        if let idle = candidates.filter({ $0.value.phase == .idle }).min(by: { $0.value.since < $1.value.since }) {
            return idle.key
        }
        let receiving = candidates.filter { $0.value.phase == .receiving && now - $0.value.since >= evictableAfter }
        return receiving.min(by: { $0.value.since < $1.value.since })?.key
    }
}

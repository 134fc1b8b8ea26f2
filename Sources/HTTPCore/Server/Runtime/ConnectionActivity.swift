import Primitives
import Synchronization

/// What one connection is doing and since when, marked by whoever serves it and read by the registry when it
/// looks for a connection to evict: one atomic word, so marking costs no lock on every request.
final class ConnectionActivity: Sendable {
    /// What a connection is doing.
    enum Phase: UInt64, Sendable {
        /// Waiting for the next request on a kept-alive connection.
        case idle
        /// Receiving a request's head (a new connection is receiving from the start).
        case receiving
        /// Making or writing the response.
        case responding
        /// Receiving a request's body, its head accepted.
        case receivingBody
    }

    /// The phase in the low two bits, the monotonic nanosecond it began in the others (62 bits last well over a
    /// century).
    private let state = Atomic<UInt64>(Phase.receiving.rawValue | MonotonicClock.nanoseconds() << 2)

    /// Enters `phase`, unless the connection is in it already (its start stays when it was entered).
    func mark(_ phase: Phase) {
        let old = state.load(ordering: .relaxed)
        guard old & 3 != phase.rawValue else { return }
        state.store(phase.rawValue | MonotonicClock.nanoseconds() << 2, ordering: .relaxed)
    }

    var current: (phase: Phase, since: UInt64) {
        let value = state.load(ordering: .relaxed)
        return (Phase(rawValue: value & 3) ?? .receiving, value >> 2)
    }
}

import Primitives

/// The bytes of request bodies held whole in memory at once, across every connection (docs/limits.md): a body
/// reserves its storage as it grows, and gives it back once its request is answered. A reservation past the
/// budget fails (the request is answered 503), so no number of clients can make the server hold more.
final class BodyBudget: Sendable {
    let limit: Int
    private let held = Locked(0)

    init(limit: Int) {
        self.limit = limit
    }

    var heldBytes: Int { held.withLock { $0 } }

    /// Takes `count` more bytes; false (nothing taken) when that would pass the limit.
    func reserve(_ count: Int) -> Bool {
        guard count > 0 else { return true }
        return held.withLock { held in
            guard count <= limit - held else { return false }
            held += count
            return true
        }
    }

    /// Gives back `count` bytes; a large return lets the allocator hand freed memory to the system.
    func release(_ count: Int) {
        guard count > 0 else { return }
        held.withLock { $0 = max(0, $0 - count) }
        MemoryReturn.noteFreed(bytes: count)
    }
}

/// One request's share of the `BodyBudget`: what its body reserved so far, given back at once by `release()`.
final class BodyReservation {
    private let budget: BodyBudget?
    private(set) var bytes = 0

    init(budget: BodyBudget?) {
        self.budget = budget
    }

    /// Takes `count` more bytes or throws 503.
    func reserve(_ count: Int) throws {
        guard let budget else { return }
        guard budget.reserve(count) else { throw HTTPProtocolError.bodyBudgetFull }
        bytes += count
    }

    func release() {
        budget?.release(bytes)
        bytes = 0
    }
}

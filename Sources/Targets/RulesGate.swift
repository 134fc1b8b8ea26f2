import Foundation
import Primitives

/// Keeps scenarios apart on a target whose rules are global (the Firebase emulator: one ruleset for every
/// bucket): a scenario with rules runs alone, and the others share the target between such scenarios.
///
/// Scenarios without rules hold a shared lease for as long as they run, a scenario with rules an exclusive one.
/// A waiting exclusive lease stops new shared ones from starting, so rules scenarios are not starved by a
/// stream of others.
final class RulesGate: Sendable {
    private struct Holders {
        var shared = 0
        var exclusiveHeld = false
        var exclusiveWaiting = 0
    }

    private let holders = Locked(Holders())

    func acquireShared() {
        holders.wait(until: .distantFuture, for: { !$0.exclusiveHeld && $0.exclusiveWaiting == 0 }) { holders, _ in
            holders.shared += 1
        }
    }

    func releaseShared() {
        holders.withCondition { holders, condition in
            holders.shared -= 1
            condition.broadcast()
        }
    }

    func acquireExclusive() {
        holders.withLock { $0.exclusiveWaiting += 1 }
        holders.wait(until: .distantFuture, for: { !$0.exclusiveHeld && $0.shared == 0 }) { holders, _ in
            holders.exclusiveWaiting -= 1
            holders.exclusiveHeld = true
        }
    }

    func releaseExclusive() {
        holders.withCondition { holders, condition in
            holders.exclusiveHeld = false
            condition.broadcast()
        }
    }
}

import Foundation

/// Keeps scenarios apart on a target whose rules are global (the Firebase emulator: one ruleset for every
/// bucket): a scenario with rules runs alone, and the others share the target between such scenarios.
///
/// Scenarios without rules hold a shared lease for as long as they run, a scenario with rules an exclusive one.
/// A waiting exclusive lease stops new shared ones from starting, so rules scenarios are not starved by a
/// stream of others.
final class RulesGate: @unchecked Sendable {
    private let condition = NSCondition()
    private var sharedHolders = 0
    private var exclusiveHeld = false
    private var exclusiveWaiting = 0

    func acquireShared() {
        condition.lock()
        defer { condition.unlock() }
        while exclusiveHeld || exclusiveWaiting > 0 { condition.wait() }
        sharedHolders += 1
    }

    func releaseShared() {
        condition.lock()
        defer { condition.unlock() }
        sharedHolders -= 1
        condition.broadcast()
    }

    func acquireExclusive() {
        condition.lock()
        defer { condition.unlock() }
        exclusiveWaiting += 1
        while exclusiveHeld || sharedHolders > 0 { condition.wait() }
        exclusiveWaiting -= 1
        exclusiveHeld = true
    }

    func releaseExclusive() {
        condition.lock()
        defer { condition.unlock() }
        exclusiveHeld = false
        condition.broadcast()
    }
}

import Foundation
import Primitives

/// Tells sleeps on a `StorageClock` to end early: once `interrupt()` is called, every sleep given this
/// interruption ends at once, and every later one does not wait at all. A task makes one for each step it
/// runs and interrupts it when it is paused or cancelled, so a retry wait ends the moment it is no longer
/// wanted, with nobody waking up to look in the meantime.
///
/// A clock that sleeps on a condition of its own (`VirtualClock`) registers a wake-up with `whenInterrupted`.
/// Wake-ups run on the interrupting thread, after the interruption's own lock is released, so one may take
/// the clock's lock; a clock may ask `isInterrupted` while holding its lock.
public final class SleepInterruption: Sendable {
    /// A registered wake-up, to remove once its sleep ended.
    public struct WakeUp: Sendable, Hashable {
        fileprivate let number: Int
    }

    private struct State {
        var interrupted = false
        var wakeUps: [Int: @Sendable () -> Void] = [:]
        var nextWakeUp = 0
    }

    private let state = Locked(State())

    public init() {}

    public var isInterrupted: Bool { state.withLock { $0.interrupted } }

    /// Ends the sleeps given this interruption; calling it again does nothing.
    public func interrupt() {
        let wakeUps = state.withCondition { state, condition -> [@Sendable () -> Void] in
            guard !state.interrupted else { return [] }
            state.interrupted = true
            condition.broadcast()
            defer { state.wakeUps = [:] }
            return Array(state.wakeUps.values)
        }
        for wakeUp in wakeUps { wakeUp() }
    }

    /// Blocks the calling thread until `deadline` or the interruption, whichever comes first; true when
    /// interrupted.
    @discardableResult
    public func wait(until deadline: Date) -> Bool {
        state.wait(until: deadline, for: \.interrupted) { state, _ in state.interrupted }
    }

    /// Runs `wakeUp` once when interrupted, unless removed first; nil (and `wakeUp` never runs) when already
    /// interrupted.
    public func whenInterrupted(_ wakeUp: @escaping @Sendable () -> Void) -> WakeUp? {
        state.withLock { state in
            guard !state.interrupted else { return nil }
            let number = state.nextWakeUp
            state.nextWakeUp += 1
            state.wakeUps[number] = wakeUp
            return WakeUp(number: number)
        }
    }

    public func remove(_ wakeUp: WakeUp) {
        _ = state.withLock { $0.wakeUps.removeValue(forKey: wakeUp.number) }
    }
}

import Foundation
import Primitives

/// Time that passes only when someone waits on it, and then at once unless something real is under way:
/// the project's client runs on one in process and against live targets alike, so a retry that backs off
/// for minutes ends in microseconds, and the events, retries and outcomes are those real time would give.
///
/// A `sleep` of `s` seconds moves `now` on by `s` at once while nothing real is under way (in process,
/// always). Work marked with `inRealTime` is real: a request on the wire, whose answer (or whose effect on
/// the service) could change what a waiting task does next. While some is under way, a sleep waits in real
/// time, and `now` moves on with real time, until that work ends (then the rest of the sleep passes at
/// once) or the sleep's own length has passed, whichever comes first. So a sleep never skips past a request
/// in flight, and nobody waits for time in which nothing can happen. Go's `testing/synctest` advances its
/// fake clock the same way: only while every goroutine of its bubble is blocked on it, never while one is
/// blocked on the network.
///
/// Sleeps on several threads at once end in the order of their ends: only the earliest skips ahead. What a
/// thread does after its sleep ends is ordered before a later sleep's end only if it is marked real; the
/// client runs a scenario's work on one thread at a time, so its sleeps never overlap. A sleep inside work
/// marked real waits in real time.
public final class VirtualClock: StorageClock {
    private struct State {
        var now = 0.0
        /// The end of every sleep under way, by its number.
        var sleeps: [Int: Double] = [:]
        var nextSleep = 0
        /// How many pieces of real work are under way.
        var realWork = 0
        /// The monotonic time, in nanoseconds, up to which `now` has taken real time into account.
        var settledAt = MonotonicClock.nanoseconds()
        var waits = ClockWaits()

        /// Real time moves `now` on only while a sleep waits for real work.
        mutating func settle() {
            let time = MonotonicClock.nanoseconds()
            if realWork > 0, !sleeps.isEmpty, time > settledAt {
                now += Double(time - settledAt) / 1e9
            }
            settledAt = time
        }
    }

    private let state = Locked(State())

    public init() {}

    public var now: Double {
        state.withLock { state in
            state.settle()
            return state.now
        }
    }

    public var waits: ClockWaits { state.withLock { $0.waits } }

    /// A sleep that waits (for real work, or for an earlier sleep to end) is woken by whatever could end it:
    /// its length passing in real time, the end of real work or of another sleep, or its interruption.
    public func sleep(_ seconds: Double, unless interruption: SleepInterruption?) {
        guard seconds > 0, interruption?.isInterrupted != true else { return }
        let wakeUp = interruption?.whenInterrupted { [state] in
            state.withCondition { _, condition in condition.broadcast() }
        }
        defer { if let interruption, let wakeUp { interruption.remove(wakeUp) } }
        let (number, start, end) = state.withLock { state in
            state.settle()
            let number = state.nextSleep
            state.nextSleep += 1
            state.sleeps[number] = state.now + seconds
            return (number, state.now, state.now + seconds)
        }
        var skipped = 0.0
        var ended = false
        while !ended {
            // One wait per pass, the state read afresh each time (see `Locked.wait(until:for:then:)`).
            ended = state.withCondition { state, condition -> Bool in
                // Asked under the clock's lock: an interruption after this wakes the wait below.
                if interruption?.isInterrupted == true { return true }
                state.settle()
                if state.now >= end { return true }
                if state.realWork == 0, state.sleeps.values.allSatisfy({ $0 >= end }) {
                    skipped = end - state.now
                    state.now = end
                    return true
                }
                _ = condition.wait(until: Date(timeIntervalSinceNow: end - state.now))
                return false
            }
        }
        state.withCondition { state, condition in
            state.settle()
            state.sleeps[number] = nil
            let total = state.now - start
            state.waits = state.waits + ClockWaits(total: total, inRealTime: max(0, total - skipped))
            condition.broadcast()
        }
    }

    /// Runs `body` as real work: no sleep skips ahead while it runs (see the type's comment).
    public func inRealTime<Value, Failure: Error>(_ body: () throws(Failure) -> Value) throws(Failure) -> Value {
        state.withLock { state in
            state.settle()
            state.realWork += 1
        }
        defer {
            state.withCondition { state, condition in
                state.settle()
                state.realWork -= 1
                condition.broadcast()
            }
        }
        return try body()
    }
}

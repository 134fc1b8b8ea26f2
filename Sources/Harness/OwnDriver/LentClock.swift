import Foundation
import Primitives
import StorageAPI

/// The runner's virtual clock as a driver's client sees it when the runner lends it (docs/driver-protocol.md
/// §5.2): each sleep is asked of the runner (`{"sleep": N, "seconds": S}`), whose clock lets the time pass and
/// answers with where it now stands (`{"slept": N, "now": T}`). So the client's back-off and stalls cost the
/// time the runner's clock takes for them (none, as in process), and `now` is the runner's.
///
/// A sleep also ends when its interruption comes (the task was paused or cancelled), or when the runner is gone;
/// an answer that comes after that only moves `now` on.
final class LentClock: StorageClock {
    private struct State {
        var now: Double
        var nextSleep: Int64 = 0
        /// The sleeps asked of the runner and not answered yet.
        var asked: Set<Int64> = []
        var waits = ClockWaits()
        /// The runner closed the connection: no answer will come.
        var closed = false
    }

    private let state: Locked<State>
    private let send: @Sendable (JSONValue) -> Void

    /// `now` is where the runner's clock stood at `begin`; `send` writes one message to the runner.
    init(now: Double, send: @escaping @Sendable (JSONValue) -> Void) {
        state = Locked(State(now: now))
        self.send = send
    }

    var now: Double { state.withLock { $0.now } }

    var waits: ClockWaits { state.withLock { $0.waits } }

    func sleep(_ seconds: Double, unless interruption: SleepInterruption?) {
        guard seconds > 0, seconds.isFinite, interruption?.isInterrupted != true else { return }
        let wakeUp = interruption?.whenInterrupted { [state] in
            state.withCondition { _, condition in condition.broadcast() }
        }
        defer { if let interruption, let wakeUp { interruption.remove(wakeUp) } }
        let started = MonotonicClock.nanoseconds()
        let (number, start) = state.withLock { state in
            state.nextSleep += 1
            state.asked.insert(state.nextSleep)
            return (state.nextSleep, state.now)
        }
        send(.members(["sleep": .number(String(number)), "seconds": .number(String(seconds))]))
        state.wait(
            until: .distantFuture,
            for: { !$0.asked.contains(number) || $0.closed || interruption?.isInterrupted == true }
        ) { state, _ in
            state.asked.remove(number)
            let real = Double(MonotonicClock.nanoseconds() &- started) / 1e9
            let total = max(0, state.now - start)
            state.waits = state.waits + ClockWaits(total: total, inRealTime: min(real, total))
        }
    }

    /// The runner's answer to sleep `number`: its clock now stands at `now`.
    func answer(_ number: Int64, now: Double) {
        state.withCondition { state, condition in
            state.now = max(state.now, now)
            state.asked.remove(number)
            condition.broadcast()
        }
    }

    /// The runner is gone: every sleep ends.
    func close() {
        state.withCondition { state, condition in
            state.closed = true
            condition.broadcast()
        }
    }
}

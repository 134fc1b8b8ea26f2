import Foundation
import Primitives

/// Real time: `sleep` blocks the calling thread until its time is up or its interruption comes. Copies
/// share their `waits`.
public struct SystemClock: StorageClock {
    private let spent = Locked(ClockWaits())

    public init() {}

    public var now: Double { Date().timeIntervalSinceReferenceDate }

    public var waits: ClockWaits { spent.withLock { $0 } }

    public func sleep(_ seconds: Double, unless interruption: SleepInterruption?) {
        let start = now
        defer {
            let slept = max(0, now - start)
            spent.withLock { $0 = $0 + ClockWaits(total: slept, inRealTime: slept) }
        }
        guard seconds > 0 else { return }
        (interruption ?? SleepInterruption()).wait(until: Date(timeIntervalSinceNow: seconds))
    }
}

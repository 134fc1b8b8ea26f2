import Foundation
import Primitives

/// Real time: `sleep` blocks the calling thread. Copies share their `waits`.
public struct SystemClock: StorageClock {
    private let spent = Locked(ClockWaits())

    public init() {}

    public var now: Double { Date().timeIntervalSinceReferenceDate }

    public var waits: ClockWaits { spent.withLock { $0 } }

    /// How often a sleep looks at its `stop`.
    private static let slice = 0.02

    public func sleep(_ seconds: Double, unless stop: () -> Bool) {
        let start = now
        defer {
            let slept = max(0, now - start)
            spent.withLock { $0 = $0 + ClockWaits(total: slept, inRealTime: slept) }
        }
        let end = start + seconds
        while !stop() {
            let left = end - now
            guard left > 0 else { return }
            Thread.sleep(forTimeInterval: min(left, Self.slice))
        }
    }
}

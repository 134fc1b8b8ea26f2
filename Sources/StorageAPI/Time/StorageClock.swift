import Foundation
import Primitives

/// The time retries wait on. In process the reference runs on a `VirtualClock`, so a retry that backs off
/// for minutes ends in microseconds and every run is the same; against a live endpoint real time passes.
public protocol StorageClock: Sendable {
    /// Seconds since an arbitrary origin.
    var now: Double { get }
    /// Lets `seconds` pass, or less once `stop` says so (checked often enough that a waiting task stops at once).
    func sleep(_ seconds: Double, unless stop: () -> Bool)
}

extension StorageClock {
    /// Lets `seconds` pass.
    public func sleep(_ seconds: Double) {
        sleep(seconds, unless: { false })
    }
}

/// Real time: `sleep` blocks the calling thread.
public struct SystemClock: StorageClock {
    public init() {}

    public var now: Double { Date().timeIntervalSinceReferenceDate }

    /// How often a sleep looks at its `stop`.
    private static let slice = 0.02

    public func sleep(_ seconds: Double, unless stop: () -> Bool) {
        let end = now + seconds
        while !stop() {
            let left = end - now
            guard left > 0 else { return }
            Thread.sleep(forTimeInterval: min(left, Self.slice))
        }
    }
}

/// Time that passes only when someone sleeps: `sleep` moves `now` on at once.
public final class VirtualClock: StorageClock {
    private let time = Locked<Double>(0)

    public init() {}

    public var now: Double { time.withLock { $0 } }

    public func sleep(_ seconds: Double, unless stop: () -> Bool) {
        guard seconds > 0, !stop() else { return }
        time.withLock { $0 += seconds }
    }
}

import Foundation

/// The time retries wait on. In process the reference runs on a `VirtualClock`, so a retry that backs off
/// for minutes ends in microseconds and every run is the same; against a live endpoint real time passes.
public protocol StorageClock: Sendable {
    /// Seconds since an arbitrary origin.
    var now: Double { get }
    /// Lets `seconds` pass.
    func sleep(_ seconds: Double)
}

/// Real time: `sleep` blocks the calling thread.
public struct SystemClock: StorageClock {
    public init() {}

    public var now: Double { Date().timeIntervalSinceReferenceDate }

    public func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        Thread.sleep(forTimeInterval: seconds)
    }
}

/// Time that passes only when someone sleeps: `sleep` moves `now` on at once.
public final class VirtualClock: StorageClock {
    private let time = Locked<Double>(0)

    public init() {}

    public var now: Double { time.withLock { $0 } }

    public func sleep(_ seconds: Double) {
        guard seconds > 0 else { return }
        time.withLock { $0 += seconds }
    }
}

/// The time a client waits on: retry back-off, `Retry-After`, a stall a fault puts into an answer. The
/// project's own client runs on a `VirtualClock` in every scenario, so a retry that backs off for minutes
/// ends in microseconds and every run waits the same way; `SystemClock` is real time.
public protocol StorageClock: Sendable {
    /// Seconds since an arbitrary origin.
    var now: Double { get }
    /// Lets `seconds` pass, or less: the sleep ends the moment `interruption` is interrupted (at once if it
    /// already was).
    func sleep(_ seconds: Double, unless interruption: SleepInterruption?)
    /// What the sleeps on this clock have cost so far.
    var waits: ClockWaits { get }
}

extension StorageClock {
    /// Lets `seconds` pass.
    public func sleep(_ seconds: Double) {
        sleep(seconds, unless: nil)
    }
}

/// How long a clock's sleeps lasted on the clock, and how much of that passed in real time (the rest a
/// `VirtualClock` skipped).
public struct ClockWaits: Sendable, Equatable {
    /// Seconds, in all.
    public var total: Double
    /// Of `total`, the seconds that passed in real time.
    public var inRealTime: Double

    public init(total: Double = 0, inRealTime: Double = 0) {
        self.total = total
        self.inRealTime = inRealTime
    }

    /// The seconds skipped: `total - inRealTime`.
    public var skipped: Double { max(0, total - inRealTime) }

    public static func + (lhs: ClockWaits, rhs: ClockWaits) -> ClockWaits {
        ClockWaits(total: lhs.total + rhs.total, inRealTime: lhs.inRealTime + rhs.inRealTime)
    }
}

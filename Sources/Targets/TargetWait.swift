import Foundation

/// `run --wait-for-target SECONDS`: polls a live target that may still be starting until it answers.
///
/// Each attempt is the target's own check (`Target.checkUsable`: one object list on v0, `GET /storage/v1/b` on
/// GCS). Only a failure to reach it (`TargetFailure.unreachablePrefix`) is tried again, after a pause that grows
/// from 0.1 s to 1 s; any answer ends the wait, and the run's own check then says whether it is usable.
public struct TargetWait: Sendable {
    /// How long to keep trying, from the first attempt.
    public let seconds: TimeInterval

    public init(seconds: TimeInterval) {
        self.seconds = seconds
    }

    /// The number of attempts made. Throws the last failure to reach `target`, saying how long it waited, when
    /// the time is up.
    @discardableResult
    public func wait(
        for target: any Target, now: () -> Date = Date.init, pause: (TimeInterval) -> Void = Thread.sleep
    ) throws(TargetFailure) -> Int {
        let deadline = now() + seconds
        var interval = 0.1
        var attempts = 0
        while true {
            attempts += 1
            do {
                try target.checkUsable()
                return attempts
            } catch {
                guard error.description.hasPrefix(TargetFailure.unreachablePrefix) else { return attempts }
                let left = deadline.timeIntervalSince(now())
                guard left > 0 else {
                    throw .failed(
                        "waited \(Self.plain(seconds)) s (--wait-for-target) for \(target.name), which never "
                            + "answered; the last attempt: \(error.description)")
                }
                pause(min(interval, left))
                interval = min(interval * 2, 1)
            }
        }
    }

    private static func plain(_ seconds: TimeInterval) -> String {
        seconds == seconds.rounded() ? String(Int(seconds)) : String(seconds)
    }
}

extension TargetFailure {
    /// How a live target's check begins its message when the target could not be reached at all (refused,
    /// reset, timed out): what `TargetWait` tries again.
    public static let unreachablePrefix = "cannot reach "
}

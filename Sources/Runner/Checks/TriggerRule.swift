import Primitives
import ScenarioLanguage

/// When a `when:` trigger acts, relative to a task's events: the language's one rule, kept in one place.
///
/// - A progress trigger acts inside the first progress event that meets it; one the task already passed
///   before the step is an error, never a late action.
/// - A retry trigger acts while the task's client waits before that retry; one the task already passed
///   before the step is an error too.
/// - An event trigger acts on the first event of its status that no earlier event trigger of the same task
///   used; when the task delivered that event already, the action happens at once. Events the action itself
///   causes (the `pause` of a pause) stay available to the next event trigger.
///
/// One rule per task: `TaskRecord.triggers`. In process the task advances only while the scenario waits, so
/// the action lands exactly inside the event, and every run delivers the same events.
final class TriggerRule: Sendable {
    /// How many of the task's events event triggers have used.
    private let used = Locked(0)

    /// Whether `event` meets `trigger`.
    static func meets(_ trigger: Trigger, _ event: TaskRecord.Event) -> Bool {
        switch trigger {
        case .progressBytes(let bytes):
            return event.status == .progress && event.completed >= bytes
        case .progressPercent(let percent):
            guard event.status == .progress else { return false }
            if event.total <= 0 { return event.total == 0 }
            return Double(event.completed) * 100 >= percent * Double(event.total)
        case .event(let status):
            return event.status == status
        case .retry:
            return false
        }
    }

    /// What to do with `trigger`, given the events the task delivered before the step.
    enum Decision {
        /// The trigger was met earlier: act now (event triggers).
        case actNow
        /// A progress or retry trigger the task already passed: what it had done.
        case alreadyPassed(String)
        /// Wait for the event that meets it.
        case wait
    }

    func decide(_ trigger: Trigger, delivered events: [TaskRecord.Event], retries: Int) -> Decision {
        switch trigger {
        case .retry(let number):
            return retries < number ? .wait : .alreadyPassed("its client had waited to retry \(retries) times")
        case .progressBytes, .progressPercent:
            if let passed = events.first(where: { Self.meets(trigger, $0) }) { return .alreadyPassed("\(passed)") }
            return .wait
        case .event(let status):
            return used.withLock { used in
                guard let index = events.dropFirst(used).firstIndex(where: { $0.status == status }) else {
                    return .wait
                }
                used = index + 1
                return .actNow
            }
        }
    }

    /// Called inside the event that met an event trigger, once `delivered` holds it as the last event.
    func consumed(_ trigger: Trigger, delivered: Int) {
        if case .event = trigger { used.withLock { $0 = delivered } }
    }
}

/// Whether a trigger has acted; set from inside an event handler.
final class TriggerState: Sendable {
    private let fired = Locked(false)

    /// True the first time only.
    func fireOnce() -> Bool {
        fired.withLock { fired in
            defer { fired = true }
            return !fired
        }
    }

    var hasFired: Bool {
        fired.withLock { $0 }
    }
}

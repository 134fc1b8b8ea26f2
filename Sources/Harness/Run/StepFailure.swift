import ScenarioLanguage

/// Why a step did not go as the scenario says: what was expected and what happened.
struct StepFailure: Error {
    enum Kind {
        /// The target behaved differently: the scenario fails.
        case mismatch
        /// The step could not be carried out (unreachable target, unreadable fixture): the scenario errors.
        case error
        /// The target cannot run this scenario: it is skipped.
        case unsupported
    }

    var kind: Kind
    /// A short classifier for reports: `EventMismatch`, `UnexpectedError`, `TriggerNotMet`, …
    var type: String
    var message: String
    var expected: String?
    var actual: String?

    static func mismatch(_ type: String, _ message: String, expected: String? = nil, actual: String? = nil) -> StepFailure {
        StepFailure(kind: .mismatch, type: type, message: message, expected: expected, actual: actual)
    }

    static func error(_ type: String, _ message: String) -> StepFailure {
        StepFailure(kind: .error, type: type, message: message)
    }
}

import Reports

/// Why a step did not go as the scenario says: what was expected and what happened.
package struct StepFailure: Error {
    /// What went wrong; its category decides whether the scenario fails, errors or is skipped.
    package var kind: FailureKind
    package var message: String
    package var expected: String?
    package var actual: String?
    /// What identifies this failure in a pin (the differing fields, the event, the error and its status).
    package var fingerprint = FailureFingerprint()

    package static func mismatch(
        _ kind: FailureKind, _ message: String, expected: String? = nil, actual: String? = nil,
        fingerprint: FailureFingerprint = FailureFingerprint()
    ) -> StepFailure {
        StepFailure(kind: kind, message: message, expected: expected, actual: actual, fingerprint: fingerprint)
    }

    package static func error(_ kind: FailureKind, _ message: String) -> StepFailure {
        StepFailure(kind: kind, message: message)
    }
}

/// Every way a scenario can fail to pass, as reports name it: the raw value is the JUnit `type` attribute,
/// the JSON report's `type` and the bracketed word in the console.
public enum FailureKind: String, CaseIterable, Sendable {
    // The target behaved differently from what the scenario expects: the scenario fails.
    case eventMismatch = "EventMismatch"
    case observerMismatch = "ObserverMismatch"
    case progressMismatch = "ProgressMismatch"
    case dataMismatch = "DataMismatch"
    case metadataMismatch = "MetadataMismatch"
    case listMismatch = "ListMismatch"
    case referenceMismatch = "ReferenceMismatch"
    case nilReference = "NilReference"
    case notNil = "NotNil"
    case noMatch = "NoMatch"
    case missingError = "MissingError"
    case unexpectedError = "UnexpectedError"
    case wrongError = "WrongError"
    case wrongErrorMessage = "WrongErrorMessage"
    case taskInvariant = "TaskInvariant"
    case triggerNotMet = "TriggerNotMet"
    case triggerPassed = "TriggerPassed"
    case taskNeverFinished = "TaskNeverFinished"
    /// The target saw other requests during a step than its `requests:` says (retries, attempts).
    case requestsMismatch = "RequestsMismatch"
    /// A step lasted longer or shorter on the client's clock than its `took:` allows.
    case timingMismatch = "TimingMismatch"
    /// A step addressed a transfer that a driver's SDK refused at the call: there is no task (protocol 2).
    case refusedAtCall = "RefusedAtCall"
    /// A scenario the expectations manifest lists as failing passed.
    case unexpectedPass = "UnexpectedPass"
    /// A scenario the expectations manifest lists failed, but not as its pin says: a new bug may hide there.
    case changedFailure = "ChangedFailure"
    /// The expectations manifest names a scenario that does not exist.
    case unknownScenario = "UnknownScenario"

    // The scenario could not be carried out: it errors.
    case stepTimeout = "StepTimeout"
    case transportError = "TransportError"
    case malformedResponse = "MalformedResponse"
    case targetError = "TargetError"
    /// A driver died, timed out, or wrote something that is not the protocol (docs/driver-protocol.md).
    case driverError = "DriverError"
    case fixtureError = "FixtureError"
    case fileError = "FileError"
    case unknownName = "UnknownName"
    case unknownField = "UnknownField"
    case wrongKind = "WrongKind"
    case badPattern = "BadPattern"
    case badExpectation = "BadExpectation"
    case invalidScenarioFile = "InvalidScenarioFile"
    case invalidExpectationsManifest = "InvalidExpectationsManifest"
    /// The scenario passed, but a fault it declared never acted: nothing was tested (docs/semantics.md §11).
    case faultNeverFired = "FaultNeverFired"
    /// The run stopped before this scenario: the target timed out too often, or the run was interrupted.
    case notRun = "NotRun"

    // The target cannot run the scenario: it is skipped.
    case unsupported = "Unsupported"

    /// How a failure of this kind counts.
    public enum Category: Sendable {
        /// The target behaved differently: a JUnit failure.
        case failure
        /// The scenario could not be carried out: a JUnit error.
        case error
        /// The scenario does not apply to the target: skipped.
        case skip
    }

    public var category: Category {
        switch self {
        case .eventMismatch, .observerMismatch, .progressMismatch, .dataMismatch, .metadataMismatch, .listMismatch,
            .referenceMismatch,
            .nilReference, .notNil, .noMatch, .missingError, .unexpectedError, .wrongError, .wrongErrorMessage,
            .taskInvariant, .triggerNotMet, .triggerPassed, .taskNeverFinished, .refusedAtCall, .unexpectedPass,
            .changedFailure, .requestsMismatch, .timingMismatch,
            .unknownScenario:
            .failure
        case .stepTimeout, .transportError, .malformedResponse, .targetError, .driverError, .fixtureError, .fileError,
            .unknownName,
            .unknownField, .wrongKind, .badPattern, .badExpectation, .invalidScenarioFile, .invalidExpectationsManifest,
            .faultNeverFired, .notRun:
            .error
        case .unsupported:
            .skip
        }
    }
}

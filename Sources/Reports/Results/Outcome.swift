/// How a scenario ended.
public enum Outcome: Sendable, Equatable {
    case passed
    /// The target behaved differently from what the scenario expects (or from what the manifest pins).
    case failed(Failure)
    /// The scenario could not be carried out (the target was unreachable, a fixture could not be set up).
    case errored(Failure)
    /// The expectations manifest lists the scenario and it failed as pinned: `actual` is how it failed.
    case expectedFailure(actual: Failure, listed: ListedFailure)
    /// Not run: the target cannot express it, or the run stopped before it. The reason says which.
    case skipped(reason: String)

    /// The failure, for every outcome that has one (an expected failure's actual failure included).
    public var failure: Failure? {
        switch self {
        case .failed(let failure), .errored(let failure), .expectedFailure(let failure, _): failure
        case .passed, .skipped: nil
        }
    }

    /// Whether it counts against the run: failed or errored.
    public var isProblem: Bool {
        switch self {
        case .failed, .errored: true
        case .passed, .expectedFailure, .skipped: false
        }
    }
}

/// Why a scenario failed or errored.
public struct Failure: Sendable, Equatable {
    /// What kind of failure it is; reports print its raw value (`EventMismatch`, `TransportError`, …).
    public var type: FailureKind
    /// One line.
    public var message: String
    /// The full detail: expected and actual side by side, the transcript, the file and line.
    public var detail: String
    /// `FILE:LINE` or `FILE:LINE:COLUMN` of the failing step.
    public var location: String?
    /// Where the scenario failed and how, as a manifest pins it; for a changed failure, how it actually failed.
    public var pin: FailurePin?
    /// The manifest's entry, when the failure is about it (a changed failure, an unexpected pass).
    public var listed: ListedFailure?

    public init(
        type: FailureKind, message: String, detail: String, location: String? = nil, pin: FailurePin? = nil,
        listed: ListedFailure? = nil
    ) {
        self.type = type
        self.message = message
        self.detail = detail
        self.location = location
        self.pin = pin
        self.listed = listed
    }
}

/// A scenario as an expectations manifest lists it: why it fails, and the failure it is expected to end in.
public struct ListedFailure: Sendable, Equatable {
    public var reason: String
    /// Nil for an entry written before pins existed: any failure then counts as the expected one.
    public var pin: FailurePin?

    public init(reason: String, pin: FailurePin?) {
        self.reason = reason
        self.pin = pin
    }
}

extension Outcome {
    /// A failed or errored outcome with the last HTTP exchange added to its detail, which every report shows.
    package func withExchange(_ exchange: String?) -> Outcome {
        withDetail("Last HTTP exchange:\n", exchange)
    }

    /// A failed or errored outcome with what the rules last decided (`rules: denied: …`) added to its detail.
    package func withRulesDecision(_ decision: String?) -> Outcome {
        withDetail("Last rules decision:\n", decision)
    }

    private func withDetail(_ heading: String, _ text: String?) -> Outcome {
        guard let text else { return self }
        switch self {
        case .failed(var failure):
            failure.detail += "\n\n" + heading + text
            return .failed(failure)
        case .errored(var failure):
            failure.detail += "\n\n" + heading + text
            return .errored(failure)
        case .passed, .expectedFailure, .skipped:
            return self
        }
    }
}

import Foundation
import StorageAPI

/// Everything a run produced, in the shape every report format reads: one file report per scenario
/// file, one scenario report per scenario. Reports know nothing of how a result came about.
public struct RunReport: Sendable, Equatable {
    /// The target's name (`reference`, `http://127.0.0.1:9199`).
    public var target: String
    public var toolVersion: String
    public var hostname: String
    public var startedAt: Date
    /// Wall time of the whole run, in seconds.
    public var duration: Double
    public var files: [FileReport]

    public init(
        target: String, toolVersion: String, hostname: String, startedAt: Date, duration: Double, files: [FileReport]
    ) {
        self.target = target
        self.toolVersion = toolVersion
        self.hostname = hostname
        self.startedAt = startedAt
        self.duration = duration
        self.files = files
    }

    public var scenarios: [ScenarioReport] { files.flatMap(\.scenarios) }

    /// Counts of passed, failed (failures and errors together) and skipped scenarios.
    public var summary: (passed: Int, failed: Int, skipped: Int) {
        var passed = 0
        var failed = 0
        var skipped = 0
        for scenario in scenarios {
            switch scenario.outcome {
            case .passed: passed += 1
            case .failed, .errored: failed += 1
            case .skipped: skipped += 1
            }
        }
        return (passed, failed, skipped)
    }
}

/// The scenarios of one file.
public struct FileReport: Sendable, Equatable {
    /// The file's path under the scenario root without `.yaml` (`list-files/edge-cases`): the JUnit classname.
    public var name: String
    /// The file's path as given to the run, for messages.
    public var path: String
    public var scenarios: [ScenarioReport]

    public init(name: String, path: String, scenarios: [ScenarioReport]) {
        self.name = name
        self.path = path
        self.scenarios = scenarios
    }
}

/// One scenario's result.
public struct ScenarioReport: Sendable, Equatable {
    public var id: String
    public var name: String
    /// The line of the scenario's `scenario:` key.
    public var line: Int
    public var duration: Double
    public var outcome: Outcome
    /// The steps and task events as they happened, one per line.
    public var transcript: String
    /// How long each step that ran took, in order (a failing step is the last).
    public var steps: [StepTiming]
    /// The client's waits on its own clock (retry back-off, `Retry-After`, stalls): how long they lasted, and
    /// how much of `duration` they took (the part that passed in real time); the rest of `duration` is work.
    public var clientWaits: ClockWaits

    public init(
        id: String, name: String, line: Int, duration: Double, outcome: Outcome, transcript: String,
        steps: [StepTiming] = [], clientWaits: ClockWaits = ClockWaits()
    ) {
        self.id = id
        self.name = name
        self.line = line
        self.duration = duration
        self.outcome = outcome
        self.transcript = transcript
        self.steps = steps
        self.clientWaits = clientWaits
    }
}

/// How long one step took.
public struct StepTiming: Sendable, Equatable {
    /// The line of the step in its file.
    public var line: Int
    public var verb: String
    /// Seconds.
    public var duration: Double

    public init(line: Int, verb: String, duration: Double) {
        self.line = line
        self.verb = verb
        self.duration = duration
    }
}

/// How a scenario ended.
public enum Outcome: Sendable, Equatable {
    case passed
    /// The target behaved differently from what the scenario expects.
    case failed(Failure)
    /// The scenario could not be carried out (the target was unreachable, a fixture could not be set up).
    case errored(Failure)
    /// Not run, or an expected failure: the reason says which.
    case skipped(reason: String)

    private static let expectedFailurePrefix = "expected failure: "

    /// A failure the expectations manifest lists: reported as skipped, with the manifest's reason.
    public static func expectedFailure(_ reason: String) -> Outcome {
        .skipped(reason: expectedFailurePrefix + reason)
    }

    /// The manifest's reason, when this is an expected failure.
    public var expectedFailureReason: String? {
        guard case .skipped(let reason) = self, reason.hasPrefix(Self.expectedFailurePrefix) else { return nil }
        return String(reason.dropFirst(Self.expectedFailurePrefix.count))
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
    /// `FILE:LINE` of the failing step.
    public var location: String?

    public init(type: FailureKind, message: String, detail: String, location: String? = nil) {
        self.type = type
        self.message = message
        self.detail = detail
        self.location = location
    }
}

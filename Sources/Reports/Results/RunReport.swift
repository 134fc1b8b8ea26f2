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
    /// What the run was asked to run (tags, filters, shard), so shards can be put back together.
    public var selection: RunSelection
    /// Why the run stopped before the end (a signal, repeated timeouts, --fail-fast), or nil.
    public var stopReason: String?
    /// Why nothing ran, when the report has no scenarios (an empty selection, nothing to rerun), or nil.
    public var emptyReason: String?
    /// The expectations manifest's entries for scenarios that did not run (none without a manifest).
    public var staleEntries: [StaleEntry] = []

    public init(
        target: String, toolVersion: String, hostname: String, startedAt: Date, duration: Double, files: [FileReport],
        selection: RunSelection = RunSelection(), stopReason: String? = nil, emptyReason: String? = nil
    ) {
        self.target = target
        self.toolVersion = toolVersion
        self.hostname = hostname
        self.startedAt = startedAt
        self.duration = duration
        self.files = files
        self.selection = selection
        self.stopReason = stopReason
        self.emptyReason = emptyReason
    }

    public var scenarios: [ScenarioReport] { files.flatMap(\.scenarios) }

    /// How many scenarios ended each way: what every report counts, in the same words.
    public var counts: OutcomeCounts { OutcomeCounts(scenarios) }
}

/// What a run was asked to run, as its JSON report records it.
public struct RunSelection: Sendable, Equatable {
    public var tags: [String]
    public var filters: [String]
    /// `--shard K/N`, or nil for the whole selection.
    public var shard: Shard?
    /// Whether only the failures of an earlier report were run (`--rerun-failed`).
    public var rerun: Bool

    public init(tags: [String] = [], filters: [String] = [], shard: Shard? = nil, rerun: Bool = false) {
        self.tags = tags
        self.filters = filters
        self.shard = shard
        self.rerun = rerun
    }

    /// The same selection without its shard: what the shards of one run share.
    var unsharded: RunSelection {
        var copy = self
        copy.shard = nil
        return copy
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
    /// The HTTP exchanges of its steps: kept when it has a failure, and for every scenario with `run --trace`.
    public var exchanges: ExchangeTrace

    public init(
        id: String, name: String, line: Int, duration: Double, outcome: Outcome, transcript: String,
        steps: [StepTiming] = [], clientWaits: ClockWaits = ClockWaits(), exchanges: ExchangeTrace = .none
    ) {
        self.id = id
        self.name = name
        self.line = line
        self.duration = duration
        self.outcome = outcome
        self.transcript = transcript
        self.steps = steps
        self.clientWaits = clientWaits
        self.exchanges = exchanges
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

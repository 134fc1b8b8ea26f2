import Foundation
import Reports
import ScenarioLanguage
import Synchronization

/// The state of one run that worker threads and the command share: which scenario is next, the reports of
/// those that finished, and whether the run was stopped (interrupted, or given up after repeated timeouts).
///
/// Whatever happens, `fileReports(unfinished:)` gives a complete report: scenarios that never finished are
/// filled in with the reason the run stopped.
public final class RunProgress: Sendable {
    private struct State {
        var next = 0
        var slots: [[ScenarioReport?]]
        var stopReason: String?
        /// The scenarios left when the run stopped are skipped (a deliberate stop), not errored.
        var skipsUnfinished = false
        var consecutiveTimeouts = 0
        var lastTimeout = ""
    }

    let files: [ScenarioFile]
    let work: [(file: Int, scenario: Int)]
    private let state: Mutex<State>
    /// After this many scenarios in a row end in a timeout, the run stops; nil: never.
    let timeoutLimit: Int?
    /// The run stops at the first scenario that fails or errors (`--fail-fast`).
    let failFast: Bool

    public init(files: [ScenarioFile], timeoutLimit: Int? = 3, failFast: Bool = false) {
        self.files = files
        work = files.enumerated().flatMap { fileIndex, file in file.scenarios.indices.map { (fileIndex, $0) } }
        state = Mutex(State(slots: files.map { [ScenarioReport?](repeating: nil, count: $0.scenarios.count) }))
        self.timeoutLimit = timeoutLimit
        self.failFast = failFast
    }

    /// How many scenarios finished so far, of `work.count`.
    public var finished: Int {
        state.withLock { $0.slots.reduce(0) { $0 + $1.count(where: { $0 != nil }) } }
    }

    /// How many scenarios the run has in all.
    public var total: Int { work.count }

    /// The reason the run stopped, if it did.
    public var stopReason: String? { state.withLock { $0.stopReason } }

    /// Stops handing out scenarios; the first reason given is kept.
    public func stop(reason: String) {
        state.withLock { state in
            if state.stopReason == nil { state.stopReason = reason }
        }
    }

    /// The next scenario to run, or nil when all are taken or the run stopped.
    func take() -> (file: Int, scenario: Int)? {
        state.withLock { state in
            guard state.stopReason == nil, state.next < work.count else { return nil }
            state.next += 1
            return work[state.next - 1]
        }
    }

    /// Records a finished scenario; a run of timeouts as long as `timeoutLimit` stops the run.
    func store(_ report: ScenarioReport, file: Int, scenario: Int) {
        state.withLock { state in
            state.slots[file][scenario] = report
            if failFast, state.stopReason == nil, report.outcome.isProblem {
                state.stopReason = "\(report.id) failed and --fail-fast stops the run at the first failure"
                state.skipsUnfinished = true
            }
            if let message = Self.targetDownMessage(report.outcome), state.stopReason == nil {
                state.stopReason = "target down: \(report.id) could not connect (\(message)); the rest were not run"
            }
            if let message = Self.timeoutMessage(report.outcome) {
                state.consecutiveTimeouts += 1
                state.lastTimeout = message
                if let limit = timeoutLimit, state.consecutiveTimeouts >= limit, state.stopReason == nil {
                    state.stopReason =
                        "the target timed out in \(limit) scenarios in a row (last: \(message)); "
                        + "the rest were not run (pass --keep-going to run them anyway)"
                }
            } else {
                state.consecutiveTimeouts = 0
            }
        }
    }

    /// Every file's scenarios in file order; a scenario that did not finish gets `unfinished(reason)`.
    public func fileReports(unfinished: (String) -> Outcome) -> [FileReport] {
        state.withLock { state in
            let reason = state.stopReason ?? "the run ended before it"
            let unfinished = state.skipsUnfinished ? { .skipped(reason: "not run: \($0)") } : unfinished
            return zip(files, state.slots).map { file, reports in
                let scenarios = zip(file.scenarios, reports).map { scenario, report in
                    report
                        ?? ScenarioReport(
                            id: scenario.id, name: scenario.name, line: scenario.location.line, duration: 0,
                            outcome: unfinished(reason), transcript: "")
                }
                return FileReport(name: file.name, path: file.path, scenarios: scenarios)
            }
        }
    }

    /// The message of an error that says the target refused a connection: it is down, and every later
    /// scenario would error the same way within milliseconds (docs/expectations.md §5).
    private static func targetDownMessage(_ outcome: Outcome) -> String? {
        guard case .errored(let failure) = outcome, failure.message.contains("cannot connect: Connection refused")
        else { return nil }
        return failure.message
    }

    /// The message of an outcome that is a timeout: the step's, or the transport's ("no answer within").
    private static func timeoutMessage(_ outcome: Outcome) -> String? {
        guard case .errored(let failure) = outcome else { return nil }
        switch failure.type {
        case .stepTimeout: return failure.message
        case .transportError, .targetError, .fixtureError:
            return failure.message.contains("no answer within") || failure.message.contains("no connection within")
                ? failure.message : nil
        default: return nil
        }
    }
}

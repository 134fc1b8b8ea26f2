import Foundation
import Runner
import ScenarioLanguage
import Synchronization

/// What a run has got to, shared by the thread that does the work and the one that watches for signals,
/// so that a signal at any moment (loading, the target check, the driver's start, the scenarios) writes
/// reports of what ran, and exactly one of the two threads writes them.
final class RunState: Sendable {
    /// The part of the run under way, for the reason an interruption gives.
    enum Phase: String, Sendable {
        case loading = "while loading the scenarios"
        case checkingTarget = "while checking the target"
        case startingDriver = "while starting the driver"
        case running = "while running the scenarios"
    }

    private struct State {
        var phase = Phase.loading
        var selected: [ScenarioFile]?
        var running: (runner: ScenarioRunner, progress: RunProgress, allIDs: Set<String>)?
        /// Who writes the reports: the worker when it finished first, the watcher when a signal came first.
        var owner: Owner?
        var exitCode: Int32?
    }

    enum Owner {
        case worker
        case signal(Int32)
    }

    private let state = Mutex(State())
    let startedAt = Date()

    func enter(_ phase: Phase) { state.withLock { $0.phase = phase } }

    func select(_ files: [ScenarioFile]) { state.withLock { $0.selected = files } }

    func start(_ runner: ScenarioRunner, _ progress: RunProgress, allIDs: Set<String>) {
        state.withLock {
            $0.running = (runner, progress, allIDs)
            $0.phase = .running
        }
    }

    /// The worker asks before it writes its reports: false when a signal came first (it then writes nothing).
    func claimForWorker() -> Bool {
        state.withLock { state in
            guard state.owner == nil else { return false }
            state.owner = .worker
            return true
        }
    }

    /// The watcher asks on a signal: false when the worker is already writing the reports of a finished run.
    func claimForSignal(_ number: Int32) -> Bool {
        state.withLock { state in
            guard state.owner == nil else { return false }
            state.owner = .signal(number)
            return true
        }
    }

    func finish(_ code: Int32) { state.withLock { $0.exitCode = code } }

    var exitCode: Int32? { state.withLock { $0.exitCode } }

    var signal: Int32? {
        state.withLock { if case .signal(let number)? = $0.owner { number } else { nil } }
    }

    /// What the run has got to when a signal stops it: the phase, what was selected, and the run in progress.
    var snapshot: (phase: Phase, selected: [ScenarioFile]?, running: (ScenarioRunner, RunProgress, Set<String>)?) {
        state.withLock { ($0.phase, $0.selected, $0.running.map { ($0.runner, $0.progress, $0.allIDs) }) }
    }
}

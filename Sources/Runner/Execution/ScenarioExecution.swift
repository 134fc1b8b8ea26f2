import Drivers
import Foundation
import Reports
import ScenarioLanguage
import StorageAPI
import Targets

/// Runs one scenario against one target session: fixtures, then every step in order, then the task
/// checks; produces the scenario's report.
package final class ScenarioExecution {
    let scenario: Scenario
    let file: ScenarioFile
    let session: any TargetSession
    let stepTimeout: TimeInterval
    /// Where `write:` puts its files; removed afterwards.
    let scratch: URL
    var values = RunValues()
    let transcript: Transcript
    var tasks: [TaskRecord] = []
    /// How long each step took, as the steps end.
    private(set) var stepTimings: [StepTiming] = []
    private var currentStep: Step?
    /// Where the scenario is: setting up, at a step (its number), or checking the tasks at the end.
    private var place = FailurePin.Place.given

    /// The client the steps drive: the project's own over the session's `Storage` (behind the scenario's
    /// faults when it has some), or a driver's.
    let client: any ScenarioClient

    /// `client` is a driver's; nil runs the project's own client in process over the session. `transcript` may
    /// already hold what the client noted.
    init(
        scenario: Scenario, file: ScenarioFile, session: any TargetSession, stepTimeout: TimeInterval, scratch: URL,
        client: (any ScenarioClient)? = nil, transcript: Transcript = Transcript()
    ) {
        self.transcript = transcript
        self.scenario = scenario
        self.file = file
        self.session = session
        self.stepTimeout = stepTimeout
        self.scratch = scratch
        let base = session.storage
        self.client =
            client
            ?? LocalClient(
                session: base, faults: scenario.hasFaults ? scenario.given.faults : nil,
                requestTimeout: scenario.given.retry.timeout ?? Self.requestTimeout)
        values["bucket"] = .string(base.bucket)
    }

    /// How long the client waits for an answer before it gives up on a request (`URLRequest`'s default), for
    /// stalls a scenario injects.
    package static let requestTimeout = 60.0

    /// Runs the scenario; never throws: every problem becomes the outcome.
    func run() -> Outcome {
        defer { client.close() }
        // The project's client over HTTP sends nothing past a step's timeout (its retries wait on a virtual clock).
        let wire = session.storage.backend as? RealTimeBackend
        do throws(StepFailure) {
            try applyGiven()
            for (index, step) in scenario.steps.enumerated() {
                currentStep = step
                place = .step(number: index + 1, line: step.location.line, verb: step.verb)
                transcript.add(
                    "step \(index + 1) (line \(step.location.line)): \(step.verb)"
                        + (step.name.map { " as \($0)" } ?? ""))
                let started = ContinuousClock.now
                defer {
                    let elapsed = ContinuousClock.now - started
                    stepTimings.append(
                        StepTiming(
                            line: step.location.line, verb: step.verb,
                            duration: Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                        ))
                }
                wire?.setDeadline(Date(timeIntervalSinceNow: stepTimeout))
                let observed = try ObservedCheck(step.expectation, client: client)
                do {
                    try perform(step)
                    try observed?.verify(client: client, transcript: transcript)
                } catch {
                    try checkDeadline(of: wire)
                    throw error
                }
                try checkDeadline(of: wire)
            }
            currentStep = nil
            place = .checks
            for record in tasks {
                if let breach = record.invariantBreach(mustHaveEnded: true) {
                    throw StepFailure.mismatch(
                        .taskInvariant, "task \(record.name): \(breach)", actual: record.eventList)
                }
            }
            try FaultAccounting(scenario).confirm(client)
            return .passed
        } catch {
            return outcome(for: error)
        }
    }

    private func applyGiven() throws(StepFailure) {
        do throws(TargetFailure) {
            for object in scenario.given.objects {
                transcript.add("given object \(object.name)")
                try session.seed(
                    name: object.name, data: DataGenerator.data(for: object.data), metadata: object.metadata,
                    stamps: object.stamps)
            }
            if let rules = scenario.given.rules {
                transcript.add("given rules: \(rules.summary), as the target is given them (\(rules.source.name)):")
                for line in rules.source.text.split(separator: "\n", omittingEmptySubsequences: false) {
                    transcript.add("  | " + line)
                }
                try session.applyRules(rules)
            }
        } catch {
            switch error {
            case .unsupported(let reason): throw StepFailure.error(.unsupported, reason)
            case .failed(let reason): throw StepFailure.error(.fixtureError, reason)
            }
        }
        try client.configure(user: scenario.given.user, retry: scenario.given.retry)
    }

    private func perform(_ step: Step) throws(StepFailure) {
        switch step.action {
        case .ref(let spec): try performRef(spec, step)
        case .put(let target, let source, let metadata, let chunkSize):
            try performPut(target, source: source, metadata: metadata, chunkSize: chunkSize, step)
        case .getData(let target, let maxSize): try performDownload(target, destination: .memory(maxSize), step)
        case .write(let target, let toFile): try performDownload(target, destination: .file(toFile), step)
        case .pause(let task): try performControl(task, step) { $0.pause() }
        case .resume(let task): try performControl(task, step) { $0.resume() }
        case .cancel(let task): try performControl(task, step) { $0.cancel() }
        case .await(let task): try performAwait(task, step)
        case .observe(let task, let status): try performObserve(task, status: status, step)
        case .removeObserver(let task, let handle): try performRemoveObserver(task, handle: handle)
        case .removeAllObservers(let task, let status): try performRemoveAllObservers(task, status: status)
        case .downloadURL(let target): try performDownloadURL(target, step)
        case .list(let target, let maxResults, let pageToken):
            try performList(target, maxResults: maxResults, pageToken: pageToken, step)
        case .listAll(let target): try performListAll(target, step)
        case .getMetadata(let target): try performGetMetadata(target, step)
        case .updateMetadata(let target, let values): try performUpdateMetadata(target, values, step)
        case .delete(let target): try performDelete(target, step)
        case .fault(let faults):
            transcript.add("  faults from here: \(faults.count)")
            try client.addFaults(faults)
        }
    }

    /// A step whose requests were cut off at its timeout timed out, whatever it made of that.
    private func checkDeadline(of wire: RealTimeBackend?) throws(StepFailure) {
        guard let wire, wire.refusedPastDeadline else { return }
        throw .error(
            .stepTimeout,
            "the step did not finish within \(Seconds.plain(stepTimeout)) s (the target stopped answering: "
                + "the client's requests after that were not sent)")
    }

    // MARK: Shared helpers for the steps

    func reference(_ operand: ReferenceOperand) throws(StepFailure) -> ClientReference {
        switch operand {
        case .path(let template): return try client.reference(path: try values.render(template))
        case .named(let name):
            return try values.value(name, "a reference") { if case .reference(let r) = $0 { r } else { nil } }
        }
    }

    /// Runs the storage's work until `condition` holds; fails the step when the work runs out first or the
    /// step's time is up.
    func runWork(until condition: @escaping () -> Bool, stuck: () -> StepFailure) throws(StepFailure) {
        let deadline = Date(timeIntervalSinceNow: stepTimeout)
        let done = try client.runWork(until: condition, deadline: deadline)
        if Date() >= deadline && !condition() {
            throw .error(.stepTimeout, "the step did not finish within \(Seconds.plain(stepTimeout)) s")
        }
        if !done { throw stuck() }
    }

    /// Waits for a task to end, then checks it against the step's expectation (or demands success).
    func finish(_ record: TaskRecord, _ step: Step) throws(StepFailure) {
        try runWork(until: { record.task.isFinished }) {
            .mismatch(
                .taskNeverFinished, "task \(record.name) can never finish: nothing is left to run (is it paused?)",
                actual: record.eventList)
        }
        try ExpectationCheck.transfer(record, step.expectation, values: values)
    }

    // MARK: Reporting

    /// A scenario that starts a task with `as:` and then looks at its object before anything waited for the
    /// task sees the object missing: say why, since tasks advance only while a step waits for them.
    private func notStartedNote(for failure: StepFailure) -> String? {
        guard failure.kind.category == .failure, let step = currentStep else { return nil }
        let idle = tasks.filter { $0.events.isEmpty && !$0.task.isFinished && !step.uses(task: $0.name) }
        guard let first = idle.first else { return nil }
        return "task \(first.name) was started with as: and has not run yet: a task advances only while a step "
            + "waits for it, so `await: \(first.name)` first"
    }

    private func outcome(for failure: StepFailure) -> Outcome {
        let location =
            currentStep.map { "\(file.path):\($0.location.line):\($0.location.column)" }
            ?? "\(file.path):\(scenario.location.line)"
        let stepName: String
        switch place {
        case .step(_, _, let verb): stepName = "step `\(verb)`"
        case .given: stepName = "the scenario's given:"
        case .checks, .scenario: stepName = "the scenario's checks"
        }
        var detail = "\(failure.message)\n  at \(location) (\(stepName))"
        if let expected = failure.expected { detail += "\n  expected: \(expected)" }
        if let actual = failure.actual { detail += "\n  actual:   \(actual)" }
        for record in tasks {
            detail += "\n  task \(record.name) events: \(record.eventList)"
        }
        detail += "\n\ntranscript:\n" + transcript.text
        var summary = failure.message
        if let expected = failure.expected, let actual = failure.actual {
            summary += ": expected \(expected), actual \(actual)"
        } else if let actual = failure.actual {
            summary += ": \(actual)"
        }
        if let note = notStartedNote(for: failure) {
            summary += " (\(note))"
            detail = detail.replacingOccurrences(of: "\n\ntranscript:\n", with: "\n  note: \(note)\n\ntranscript:\n")
        }
        let report = Failure(
            type: failure.kind, message: summary, detail: detail, location: location,
            pin: FailurePin(place: place, kind: failure.kind, fingerprint: failure.fingerprint))
        switch failure.kind.category {
        case .failure: return .failed(report)
        case .error: return .errored(report)
        case .skip: return .skipped(reason: failure.message)
        }
    }
}

import Drivers
import Foundation
import ReferenceService
import Reports
import ScenarioLanguage
import StorageAPI
import Targets

/// Runs selected scenarios against a target, `jobs` at a time, and assembles the run's report.
///
/// Every scenario gets its own session (a fresh bucket), so order, sharding and parallelism never change
/// a result. Reports list files and scenarios in file order whatever order they finished in.
public struct ScenarioRunner: Sendable {
    public var target: any Target
    public var jobs: Int
    /// The longest a step may take before the scenario errors.
    public var stepTimeout: TimeInterval
    public var expectations: ExpectationsManifest? {
        didSet { listings = expectations?.listings ?? [:] }
    }
    /// The manifest's entries by id, read once.
    private var listings: [String: ListedFailure] = [:]
    public var toolVersion: String
    /// The driver whose client the steps drive, one process per scenario (nil: the project's own client).
    public var driver: DriverSpec?
    /// `--exclude` patterns: globs over the whole id; a scenario matching one is skipped, naming it.
    public var exclusions: [String] = []
    /// `--trace`: every scenario keeps the HTTP exchanges of its steps, not only one with a failure.
    public var trace = false

    public init(
        target: any Target, jobs: Int = 1, stepTimeout: TimeInterval = 60, expectations: ExpectationsManifest? = nil,
        toolVersion: String, driver: DriverSpec? = nil
    ) {
        self.driver = driver
        self.target = target
        self.jobs = max(1, jobs)
        self.stepTimeout = stepTimeout
        self.expectations = expectations
        self.listings = expectations?.listings ?? [:]
        self.toolVersion = toolVersion
    }

    /// Runs `files` (already selected); `allIDs` are the ids a manifest entry may name (every scenario loaded,
    /// and entries for files that were not), for the manifest's stale-entry check. `onScenarioFinished` is called as each scenario ends, from any thread. With
    /// `progress`, the caller can stop the run and read what finished (see `RunProgress`); scenarios left
    /// when the run stops are reported as errors naming the reason.
    public func run(
        _ files: [ScenarioFile], allIDs: Set<String>, progress: RunProgress? = nil,
        onScenarioFinished: @escaping @Sendable (ScenarioReport, FileReport) -> Void = { _, _ in }
    ) -> RunReport {
        let startedAt = Date()
        let progress = progress ?? RunProgress(files: files, timeoutLimit: nil)
        let group = DispatchGroup()
        for _ in 0..<min(jobs, max(progress.work.count, 1)) {
            group.enter()
            let worker = Thread {
                // A driver that can run several scenarios runs this worker's one after another.
                let slot = DriverSlot()
                defer { slot.close() }
                while let (fileIndex, scenarioIndex) = progress.take() {
                    let file = files[fileIndex]
                    let report = runScenario(file.scenarios[scenarioIndex], in: file, slot: slot)
                    progress.store(report, file: fileIndex, scenario: scenarioIndex)
                    onScenarioFinished(report, FileReport(name: file.name, path: file.path, scenarios: []))
                }
                group.leave()
            }
            worker.stackSize = 8 << 20
            worker.start()
        }
        group.wait()
        return report(of: progress, startedAt: startedAt, allIDs: allIDs, onScenarioFinished: onScenarioFinished) {
            reason in
            .errored(Failure(type: .notRun, message: "not run: \(reason)", detail: "not run: \(reason)"))
        }
    }

    /// The run's report from what `progress` holds; `unfinished` is the outcome of scenarios that never
    /// finished. Used at the end of a run, and by the command when a signal cuts the run short.
    public func report(
        of progress: RunProgress, startedAt: Date, allIDs: Set<String>,
        onScenarioFinished: @Sendable (ScenarioReport, FileReport) -> Void = { _, _ in },
        unfinished: (String) -> Outcome
    ) -> RunReport {
        var fileReports = progress.fileReports(unfinished: unfinished)
        if let stale = staleExpectations(allIDs: allIDs) {
            fileReports.append(stale)
            for scenario in stale.scenarios {
                onScenarioFinished(scenario, FileReport(name: stale.name, path: stale.path, scenarios: []))
            }
        }
        var report = RunReport(
            target: target.name, toolVersion: toolVersion, hostname: ProcessInfo.processInfo.hostName,
            startedAt: startedAt, duration: Date().timeIntervalSince(startedAt), files: fileReports,
            stopReason: progress.stopReason)
        report.staleEntries = staleEntries(report.scenarios, allIDs: allIDs)
        return report
    }

    /// Runs one scenario and applies the expectations manifest to its outcome.
    public func runScenario(_ scenario: Scenario, in file: ScenarioFile) -> ScenarioReport {
        runScenario(scenario, in: file, slot: nil)
    }

    /// `slot` keeps a driver between the scenarios of one worker (nil: a driver process for this one only).
    func runScenario(_ scenario: Scenario, in file: ScenarioFile, slot: DriverSlot?) -> ScenarioReport {
        let started = Date()
        var transcript = ""
        var steps: [StepTiming] = []
        var clientWaits = ClockWaits()
        var exchanges = ExchangeTrace.none
        var outcome: Outcome
        if let reason = expectations?.crashers[scenario.id], let path = expectations?.path {
            outcome = .skipped(reason: "known crasher (crashes: in \(path)): \(reason)")
        } else if let pattern = exclusions.first(where: { Self.excludes($0, id: scenario.id) }) {
            outcome = .skipped(reason: "excluded: --exclude \(pattern)")
        } else if let targets = scenario.targets, !targets.contains(target.kind) {
            outcome = .skipped(reason: "runs only on: \(targets.map(\.rawValue).joined(separator: ", "))")
        } else if let unmet = target.unmetNeeds(of: scenario) {
            outcome = .skipped(reason: unmet)
        } else if let unmet = driver?.unmetCapabilities(of: scenario, targetFaults: true) {
            outcome = .skipped(reason: unmet)
        } else {
            do throws(TargetFailure) {
                let session = try target.openSession(for: scenario)
                defer { session.close() }
                let targetFaults = try driver.flatMap { spec throws(TargetFailure) in
                    try Self.targetFaults(for: scenario, driver: spec, session: session)
                }
                let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
                    "storage-conformance-\(UUID().uuidString)")
                defer { try? FileManager.default.removeItem(at: scratch) }
                do throws(StepFailure) {
                    let log = Transcript()
                    let client = try driver.map { spec throws(StepFailure) in
                        try DriverClient(
                            spec: spec, target: target.name, bucket: session.storage.bucket,
                            faults: scenario.given.faults, targetFaults: targetFaults, clock: session.storage.clock,
                            slot: slot, timeout: stepTimeout, transcript: log)
                    }
                    let execution = ScenarioExecution(
                        scenario: driver?.heldTo(scenario, transcript: log) ?? scenario, file: file, session: session,
                        stepTimeout: stepTimeout, scratch: scratch, client: client, transcript: log)
                    // The reference records its rules decisions here (in process only), for the failure message.
                    let decisions = RulesDecisionLog()
                    outcome = RulesDecisionLog.$current.withValue(decisions) { execution.run() }
                    // Through a driver that reports its SDK's exchanges, those; otherwise the runner's own.
                    exchanges = client?.exchanges ?? session.exchanges
                    outcome = outcome.withExchange(exchanges.last).withRulesDecision(decisions.recorded.last)
                    transcript = execution.transcript.text
                    steps = execution.stepTimings
                    clientWaits = execution.client.waits
                } catch {
                    outcome = .errored(
                        Failure(
                            type: error.kind, message: error.message, detail: error.message,
                            location: "\(file.path):\(scenario.location.line)",
                            pin: FailurePin(place: .scenario, kind: error.kind, fingerprint: FailureFingerprint())))
                }
            } catch {
                switch error {
                case .unsupported(let reason): outcome = .skipped(reason: reason)
                case .failed(let reason):
                    outcome = .errored(
                        Failure(
                            type: .targetError, message: reason, detail: reason,
                            location: "\(file.path):\(scenario.location.line)",
                            pin: FailurePin(place: .scenario, kind: .targetError, fingerprint: FailureFingerprint())))
                }
            }
        }
        if let listed = listings[scenario.id] {
            outcome = Self.expected(outcome, listed: listed, id: scenario.id)
        }
        return ScenarioReport(
            id: scenario.id, name: scenario.name, line: scenario.location.line,
            duration: Date().timeIntervalSince(started),
            outcome: outcome, transcript: transcript, steps: steps, clientWaits: clientWaits,
            exchanges: trace || outcome.failure != nil ? exchanges : .none)
    }

    /// Whether the glob `pattern` (`*`, `?`) matches the whole of `id`.
    static func excludes(_ pattern: String, id: String) -> Bool {
        Glob.matches(Array(pattern.unicodeScalars)[...], Array(id.unicodeScalars)[...])
    }

    /// The target's fault plan when the driver cannot put the scenario's faults into its requests; a target
    /// without one skips the scenario.
    private static func targetFaults(for scenario: Scenario, driver: DriverSpec, session: any TargetSession)
        throws(TargetFailure) -> (any TargetFaultPlan)?
    {
        guard driver.needsTargetFaults(scenario) else { return nil }
        guard let plan = session.faultPlan else {
            throw .unsupported(driver.unmetCapabilities(of: scenario, targetFaults: false) ?? "no faults")
        }
        return plan
    }

    /// A listed scenario that fails as pinned is an expected failure, keeping how it failed; one that fails
    /// otherwise is a changed failure and one that passes an unexpected pass, and both fail the run. An error
    /// matches only a pin naming that error: an entry without a pin accepts failures, never errors.
    static func expected(_ outcome: Outcome, listed: ListedFailure, id: String) -> Outcome {
        switch outcome {
        case .failed(let actual), .errored(let actual):
            let errored = if case .errored = outcome { true } else { false }
            if let pin = listed.pin, actual.pin.map(pin.matches) ?? false {
                return .expectedFailure(actual: actual, listed: listed)
            }
            if listed.pin == nil && !errored { return .expectedFailure(actual: actual, listed: listed) }
            let pin = listed.pin.map(\.description) ?? "a failure"
            let happened = actual.pin?.description ?? actual.type.rawValue
            let message =
                "changed failure: the manifest expects \(pin) (\(listed.reason)), but it failed at \(happened): "
                + actual.message
            let detail =
                "The expectations manifest pins this scenario to a different failure, so this one may be a new bug.\n"
                + "  expected: \(pin)\n    reason: \(listed.reason)\n  actual:   \(happened)\n\n" + actual.detail
            return .failed(
                Failure(
                    type: .changedFailure, message: message, detail: detail, location: actual.location,
                    pin: actual.pin, listed: listed))
        case .passed:
            let message =
                "\(id) passed, but the expectations manifest lists it as a failure (\(listed.reason)); remove it from the manifest"
            return .failed(Failure(type: .unexpectedPass, message: message, detail: message, listed: listed))
        case .expectedFailure, .skipped:
            return outcome
        }
    }

    /// The manifest's entries (known crashers aside) whose scenario did not run, and why.
    private func staleEntries(_ scenarios: [ScenarioReport], allIDs: Set<String>) -> [StaleEntry] {
        guard let manifest = expectations else { return [] }
        let byID = Dictionary(scenarios.map { ($0.id, $0.outcome) }, uniquingKeysWith: { first, _ in first })
        return manifest.entries.compactMap { entry in
            guard !entry.crashes else { return nil }
            guard allIDs.contains(entry.id) else {
                return StaleEntry(id: entry.id, line: entry.line, why: "no scenario has this id")
            }
            switch byID[entry.id] {
            case nil:
                return StaleEntry(id: entry.id, line: entry.line, why: "not selected")
            case .skipped(let reason)?:
                return StaleEntry(id: entry.id, line: entry.line, why: "skipped: \(reason)")
            default:
                return nil
            }
        }
    }

    /// A suite with one failing case per manifest entry that names no scenario.
    private func staleExpectations(allIDs: Set<String>) -> FileReport? {
        guard let manifest = expectations else { return nil }
        let stale = manifest.entries.filter { !allIDs.contains($0.id) }
        guard !stale.isEmpty else { return nil }
        let scenarios = stale.map { entry in
            let message = "the expectations manifest lists \(entry.id), which no scenario has"
            return ScenarioReport(
                id: entry.id, name: entry.id, line: entry.line, duration: 0,
                outcome: .failed(
                    Failure(
                        type: .unknownScenario, message: message, detail: message,
                        location: "\(manifest.path):\(entry.line)")),
                transcript: "")
        }
        return FileReport(name: "expectations", path: manifest.path, scenarios: scenarios)
    }
}

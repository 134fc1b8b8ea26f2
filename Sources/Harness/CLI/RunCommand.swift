import Drivers
import Foundation
import Primitives
import Reports
import Runner
import ScenarioLanguage
import Targets
import YAMLReader

/// `run`: loads, selects and runs scenarios, prints one line per scenario and writes the reports.
///
/// The reports are written whatever happens: invalid files, a bad manifest, an empty selection or a target
/// that cannot be used give a report that says why; SIGINT and SIGTERM at any moment (the target check
/// included) write what finished, with the rest marked as not run. The work runs on a thread of its own
/// while this one watches for the signals (`RunState` decides which of the two writes the reports).
struct RunCommand: ToolCommand {
    static let spec = CommandTable.run
    let tool: CommandLineTool

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        let annotate =
            options[RunOptions.annotations].map { $0 == "github" } ?? (tool.environment["GITHUB_ACTIONS"] == "true")
        let timeout = options[RunOptions.timeout]
        let target = TargetResolver.target(
            options[RunOptions.target], stepTimeout: timeout, adminToken: options[RunOptions.adminToken])
        if options[RunOptions.driver] != nil, target.kind == .reference {
            tool.complain("--driver needs a live --target: a driver's client talks to an endpoint over HTTP")
            return 2
        }
        let work = RunWork(
            tool: tool, options: options, target: target, annotate: annotate,
            writer: RunReportWriter(
                tool: tool, junit: options[RunOptions.junit], json: options[RunOptions.json],
                withLocations: options[RunOptions.junitLocations], target: target,
                selection: RunSelection(SelectionOptions.selection(options)), label: options[RunOptions.label]),
            console: ConsoleReporter(
                output: tool.output,
                colour: ConsoleReporter.shouldUseColour(
                    environment: tool.environment, isTerminal: tool.outputIsTerminal),
                quiet: options[RunOptions.quiet]))
        let state = RunState()
        let woken = DispatchSemaphore(value: 0)
        let watch = SignalWatch { number in
            if state.claimForSignal(number) { woken.signal() }
        }
        defer { watch.cancel() }
        let worker = Thread {
            state.finish(work.perform(state))
            woken.signal()
        }
        worker.stackSize = 8 << 20
        worker.start()
        woken.wait()
        if let signal = state.signal { return work.interrupted(by: signal, state: state) }
        return state.exitCode ?? 2
    }
}

/// One run's work, from loading the files to the reports; what `RunCommand` runs on its worker thread.
struct RunWork: Sendable {
    let tool: CommandLineTool
    let options: ArgumentList
    let target: any Target
    let annotate: Bool
    let writer: RunReportWriter
    let console: ConsoleReporter

    /// The exit code. Writes the reports unless a signal claimed them first (`RunState`).
    func perform(_ state: RunState) -> Int32 {
        var expectations: ExpectationsManifest?
        if let path = options[RunOptions.expectations] {
            do throws(Diagnostic) {
                expectations = try ExpectationsManifest.load(path: path)
            } catch {
                guard state.claimForWorker() else { return 2 }
                tool.show([error])
                tool.complain("the expectations manifest has errors; nothing was run")
                writer.write(
                    writer.errorReport(
                        [error], type: .invalidExpectationsManifest, caseName: "expectations manifest is valid"))
                return 2
            }
        }
        if let manifest = expectations, !manifest.unpinned.isEmpty {
            tool.complain(
                "warning: \(Plural.count(manifest.unpinned.count, "entry", "entries")) of \(manifest.path) \(manifest.unpinned.count == 1 ? "has" : "have") "
                    + "no pin (fails:), so any failure counts as the expected one: --write-expectations FILE pins them")
        }
        var selection = SelectionOptions.selection(options)
        if let path = options[RunOptions.rerunFailed] {
            let failed: Set<String>
            switch rerunIDs(path) {
            case .success(let ids): failed = ids
            case .failure(let problem):
                guard state.claimForWorker() else { return 2 }
                tool.complain(problem.description)
                writer.write(
                    writer.problemReport(
                        problem.description, type: .fileError, caseName: "the --rerun-failed report can be read"))
                return 2
            }
            guard !failed.isEmpty else {
                guard state.claimForWorker() else { return 0 }
                let reason = "nothing to rerun: no scenario failed or errored in \(path)"
                tool.say(reason)
                return writer.write(writer.emptyReport(reason: reason)) ? 0 : 2
            }
            selection.ids = failed
        }

        let loaded = ScenarioLoading.load(options, tool: tool)
        if loaded.hasErrors {
            guard state.claimForWorker() else { return 2 }
            tool.complain("the scenario files have errors; nothing was run")
            writer.write(writer.errorReport(loaded.diagnostics))
            return 2
        }
        var allIDs = Set(loaded.files.flatMap { $0.scenarios.map(\.id) })
        if let manifest = expectations {
            // The manifest's entries for scenarios outside the paths loaded are not checked.
            allIDs.formUnion(manifest.entries.map(\.id).filter { !loaded.covers($0) })
        }
        let selected = loaded.files.compactMap { file -> ScenarioFile? in
            var file = file
            file.scenarios = file.scenarios.filter(selection.includes)
            return file.scenarios.isEmpty ? nil : file
        }
        if selected.isEmpty {
            guard state.claimForWorker() else { return 2 }
            let reason = EmptySelection.explain(selection, scenarios: loaded.files.flatMap(\.scenarios))
            tool.complain(reason)
            writer.write(writer.emptyReport(reason: reason))
            return 2
        }
        state.select(selected)
        state.enter(.checkingTarget)
        do throws(TargetFailure) {
            if let seconds = options[RunOptions.waitForTarget], target.kind != .reference {
                try TargetWait(seconds: seconds).wait(for: waitProbe(seconds))
            }
            try target.checkUsable()
        } catch {
            guard state.claimForWorker() else { return 2 }
            tool.complain("\(error.description)\nNothing was run.")
            writer.write(writer.targetReport(error.description))
            return 2
        }
        let timeout = options[RunOptions.timeout]
        var driver: DriverSpec?
        if let command = options[RunOptions.driver] {
            state.enter(.startingDriver)
            do throws(DriverSpec.ProbeFailure) {
                let spec = try DriverSpec.probe(command, timeout: timeout)
                tool.say("driver: \(spec.name) \(spec.version)")
                driver = spec
            } catch {
                guard state.claimForWorker() else { return 2 }
                tool.complain("\(error.description)\nNothing was run.")
                writer.write(writer.targetReport(error.description))
                return 2
            }
        }
        var runner = ScenarioRunner(
            target: target, jobs: options[RunOptions.jobs], stepTimeout: timeout, expectations: expectations,
            toolVersion: ToolVersion.current, driver: driver)
        runner.exclusions = options.all(RunOptions.exclude)
        runner.trace = options[RunOptions.trace]
        let progress = RunProgress(
            files: selected, timeoutLimit: options[RunOptions.keepGoing] ? nil : 3,
            failFast: options[RunOptions.failFast])
        state.start(runner, progress, allIDs: allIDs)
        var report = runner.run(selected, allIDs: allIDs, progress: progress) { scenario, file in
            console.scenarioFinished(scenario, file: file)
        }
        guard state.claimForWorker() else { return 2 }
        report.selection = writer.selection
        if let label = writer.label { report.target = label }
        if let reason = progress.stopReason { tool.complain("stopped: " + reason) }
        console.runFinished(report)
        if annotate {
            let here = FileManager.default.currentDirectoryPath
            tool.say(
                GitHubAnnotations.render(
                    report, workspace: tool.environment["GITHUB_WORKSPACE"] ?? here, currentDirectory: here))
        }
        guard writer.write(report) else { return 2 }
        if let path = options[RunOptions.writeExpectations] {
            guard writeExpectations(report, to: path, previous: expectations) else { return 2 }
        }
        let counts = report.counts
        let strict = options[RunOptions.strictExpectations] ? strictProblems(report, expectations) : 0
        return counts.failed + counts.errored + strict == 0 ? 0 : 1
    }

    /// `--strict-expectations`: stale entries and entries without a fingerprint, each named; how many.
    private func strictProblems(_ report: RunReport, _ manifest: ExpectationsManifest?) -> Int {
        guard let manifest else { return 0 }
        let unfingerprinted = manifest.withoutFingerprint
        for entry in unfingerprinted {
            tool.complain(
                "unpinned fingerprint: \(entry.id) (line \(entry.line) of \(manifest.path)) pins no fingerprint; "
                    + "--write-expectations FILE writes one")
        }
        let problems = unfingerprinted.count + report.staleEntries.count
        if problems > 0 {
            tool.complain(
                "--strict-expectations: \(Plural.count(report.staleEntries.count, "stale entry", "stale entries")) and "
                    + "\(Plural.count(unfingerprinted.count, "entry", "entries")) without a fingerprint fail the run")
        }
        return problems
    }

    /// What a signal leaves: every report, with what finished and the rest as not run; the exit code.
    func interrupted(by signal: Int32, state: RunState) -> Int32 {
        let name = SignalWatch.name(of: signal)
        let (phase, selected, running) = state.snapshot
        let reason = "the run was interrupted by \(name) \(phase.rawValue)"
        var report: RunReport
        var finished = 0
        if let (runner, progress, allIDs) = running {
            progress.stop(reason: reason)
            finished = progress.finished
            report = runner.report(of: progress, startedAt: state.startedAt, allIDs: allIDs) { reason -> Outcome in
                .skipped(reason: "not run: \(reason)")
            }
        } else if let selected {
            report = writer.notRunReport(selected, reason: reason, startedAt: state.startedAt)
        } else {
            report = writer.emptyReport(reason: reason)
        }
        report.selection = writer.selection
        report.stopReason = reason
        console.runFinished(
            report,
            interruption: ConsoleReporter.Interruption(
                signal: name, finished: finished, total: selected?.reduce(0) { $0 + $1.scenarios.count } ?? 0))
        writer.write(report)
        return SignalWatch.exitCode(for: signal)
    }

    /// The target as `--wait-for-target` polls it: each attempt bounded by 5 s (or less when the wait is shorter).
    private func waitProbe(_ seconds: TimeInterval) -> any Target {
        TargetResolver.target(
            options[RunOptions.target], stepTimeout: min(max(seconds, 0.5), 5),
            adminToken: options[RunOptions.adminToken])
    }

    private func writeExpectations(_ report: RunReport, to path: String, previous: ExpectationsManifest?) -> Bool {
        var report = report
        if writer.label == nil { report.target = TargetLabel.stable(report.target) }
        let manifest = ExpectationsManifest.recording(report, path: path, previous: previous)
        do {
            try AtomicFile.write(Data(manifest.yamlText.utf8), to: path)
        } catch {
            tool.complain("cannot write the expectations manifest: \(error)")
            return false
        }
        tool.say("wrote \(path): \(Plural.count(manifest.entries.count, "expected failure")), each pinned")
        let changed = ExpectationsManifest.changed(in: report)
        if !changed.isEmpty {
            tool.complain(
                "\(Plural.count(changed.count, "changed failure")) got a new pin with the old reason; check that the "
                    + "reason still says what happens: " + changed.joined(separator: ", "))
        }
        return true
    }

    /// The ids that failed or errored in the JSON report at `path`, or why it cannot be read.
    private func rerunIDs(_ path: String) -> Result<Set<String>, ArgumentList.Problem> {
        do {
            let report = try JSONReportReader.read(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            return .success(Set(report.scenarios.filter(\.outcome.isProblem).map(\.id)))
        } catch let problem as JSONReportReader.Problem {
            return .failure(ArgumentList.Problem(description: "--rerun-failed: \(problem.description)"))
        } catch {
            return .failure(
                ArgumentList.Problem(
                    description: "--rerun-failed: cannot read \(path) (\(error.localizedDescription))"))
        }
    }
}

/// Loading the PATHS of a command (default `Scenarios`) and printing what the loader found: errors in full,
/// and warnings in full for lint only (run and list count them). Warnings a scenario declares as intended
/// (`lint:`) are never printed.
enum ScenarioLoading {
    /// `paths` replaces the command's positionals when given.
    static func load(
        _ options: ArgumentList, tool: CommandLineTool, warningsInFull: Bool = false, paths given: [String]? = nil
    ) -> LoadResult {
        let positionals = given ?? options.positionals
        let paths = positionals.isEmpty ? ["Scenarios"] : positionals
        let result: LoadResult
        if positionals.isEmpty, !FileManager.default.fileExists(atPath: "Scenarios") {
            let here = FileManager.default.currentDirectoryPath
            let message =
                "no such folder in \(here) (run storage-conformance from a checkout of StorageConformance, or name "
                + "the scenario files or folders: storage-conformance run PATH…)"
            let missing = Diagnostic(
                file: "Scenarios", location: SourceLocation(line: 1, column: 1, offset: 0), message: message,
                sourceLine: "")
            result = LoadResult(files: [], diagnostics: [missing])
        } else {
            result = ScenarioLoader(root: options[SelectionOptions.root]).load(paths)
        }
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        tool.show(warningsInFull ? result.diagnostics : result.diagnostics.filter { $0.severity == .error })
        if !warningsInFull, !warnings.isEmpty {
            let paths = options.positionals.joined(separator: " ")
            tool.complain(
                "\(Plural.count(warnings.count, "lint warning")): "
                    + "storage-conformance lint\(paths.isEmpty ? "" : " " + paths) shows them")
        }
        return result
    }
}

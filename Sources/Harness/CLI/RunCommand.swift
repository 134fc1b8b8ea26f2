import Foundation
import Primitives
import ScenarioLanguage
import Synchronization
import YAMLReader

/// `run`: loads, selects and runs scenarios, prints one line per scenario and writes the reports.
///
/// The reports are written whatever happens: invalid files, a bad manifest or a target that cannot be used
/// give a report with one errored case saying why; SIGINT and SIGTERM write what finished, with the rest
/// marked as not run.
struct RunCommand: ToolCommand {
    static let spec = CommandTable.run
    let tool: CommandLineTool

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        let jobs = try options.integer("--jobs", in: 1...256) ?? 1
        let timeout = try options.seconds("--timeout", in: 0.01...86_400) ?? 60
        var selection = try ScenarioSelectionOptions.selection(from: options)
        let target = try TargetResolver.target(
            options.value("--target") ?? "reference", stepTimeout: timeout, adminToken: options.value("--admin-token"))
        let annotate = try annotations(options)
        let writer = RunReportWriter(
            tool: tool, junit: options.value("--junit") ?? "reports/junit.xml", json: options.value("--json"),
            withLocations: options.has("--junit-locations"))

        var expectations: ExpectationsManifest?
        if let path = options.value("--expectations") {
            do throws(Diagnostic) {
                expectations = try ExpectationsManifest.load(path: path)
            } catch {
                tool.show([error])
                tool.complain("the expectations manifest has errors; nothing was run")
                writer.write(
                    RunReportWriter.errorReport(
                        [error], target: target, type: .invalidExpectationsManifest,
                        caseName: "expectations manifest is valid"))
                return 2
            }
        }

        if let path = options.value("--rerun-failed") {
            guard let failed = rerunIDs(path) else { return 2 }
            guard !failed.isEmpty else {
                tool.say("nothing to rerun: no scenario failed or errored in \(path)")
                return writer.write(RunReportWriter.emptyReport(target: target)) ? 0 : 2
            }
            selection.ids = failed
        }

        let loaded = ScenarioLoading.load(options, tool: tool, warningsInFull: false)
        if loaded.hasErrors {
            tool.complain("the scenario files have errors; nothing was run")
            writer.write(RunReportWriter.errorReport(loaded.diagnostics, target: target))
            return 2
        }
        let allIDs = Set(loaded.files.flatMap { $0.scenarios.map(\.id) })
        let selected = loaded.files.compactMap { file -> ScenarioFile? in
            var file = file
            file.scenarios = file.scenarios.filter(selection.includes)
            return file.scenarios.isEmpty ? nil : file
        }
        if selected.isEmpty {
            tool.complain(EmptySelection.explain(selection, scenarios: loaded.files.flatMap(\.scenarios)))
            return 2
        }
        do throws(TargetFailure) {
            try target.checkUsable()
        } catch {
            tool.complain("\(error.description)\nNothing was run.")
            writer.write(RunReportWriter.targetReport(error.description, target: target))
            return 2
        }

        let console = ConsoleReporter(
            output: tool.output,
            colour: ConsoleReporter.shouldUseColour(environment: tool.environment, isTerminal: tool.outputIsTerminal),
            quiet: options.has("--quiet"))
        var driver: DriverSpec?
        if let command = options.value("--driver") {
            guard target.kind != .reference else {
                tool.complain("--driver needs a live --target: a driver's client talks to an endpoint over HTTP")
                return 2
            }
            do throws(DriverSpec.ProbeFailure) {
                let spec = try DriverSpec.probe(command, timeout: timeout)
                tool.say("driver: \(spec.name) \(spec.version)")
                driver = spec
            } catch {
                tool.complain("\(error.description)\nNothing was run.")
                return 2
            }
        }
        let runner = ScenarioRunner(
            target: target, jobs: jobs, stepTimeout: timeout, expectations: expectations,
            toolVersion: ToolVersion.current, driver: driver)
        let progress = RunProgress(
            files: selected, timeoutLimit: options.has("--keep-going") ? nil : 3, failFast: options.has("--fail-fast"))
        let (report, signal) = Self.runUntilSignalled(
            runner, selected, allIDs: allIDs, progress: progress, console: console)
        if let reason = progress.stopReason, signal == nil { tool.complain("stopped: " + reason) }
        console.runFinished(report)
        if annotate { tool.say(GitHubAnnotations.render(report)) }
        guard writer.write(report) else { return 2 }
        if let signal { return SignalWatch.exitCode(for: signal) }
        if let path = options.value("--write-expectations") {
            let manifest = ExpectationsManifest.recording(report, path: path, previous: expectations)
            do {
                try AtomicFile.write(Data(manifest.yamlText.utf8), to: path)
                tool.say("wrote \(path): \(manifest.entries.count) expected failures")
            } catch {
                tool.complain("cannot write the expectations manifest: \(error)")
                return 2
            }
        }
        return report.summary.failed == 0 ? 0 : 1
    }

    /// Runs on a worker thread while this one watches for SIGINT and SIGTERM. On a signal the run stops at
    /// once (scenarios still running are not waited for) and the report holds what finished.
    private static func runUntilSignalled(
        _ runner: ScenarioRunner, _ files: [ScenarioFile], allIDs: Set<String>, progress: RunProgress,
        console: ConsoleReporter
    ) -> (RunReport, Int32?) {
        let startedAt = Date()
        let finished = DispatchSemaphore(value: 0)
        let outcome = Mutex<(report: RunReport?, signal: Int32?)>((nil, nil))
        let watch = SignalWatch { number in
            outcome.withLock { if $0.signal == nil { $0.signal = number } }
            finished.signal()
        }
        defer { watch.cancel() }
        let worker = Thread {
            let report = runner.run(files, allIDs: allIDs, progress: progress) { scenario, file in
                console.scenarioFinished(scenario, file: file)
            }
            outcome.withLock { $0.report = report }
            finished.signal()
        }
        worker.stackSize = 8 << 20
        worker.start()
        finished.wait()
        let (report, signal) = outcome.withLock { ($0.report, $0.signal) }
        if let report, signal == nil { return (report, nil) }
        let number = signal ?? SIGINT
        progress.stop(reason: "the run was interrupted by \(SignalWatch.name(of: number))")
        let partial = runner.report(of: progress, startedAt: startedAt, allIDs: allIDs) { reason in
            .skipped(reason: "not run: \(reason)")
        }
        return (partial, number)
    }

    /// The ids that failed or errored in the JSON report at `path`; nil (after saying why) when it cannot be read.
    private func rerunIDs(_ path: String) -> Set<String>? {
        do {
            let report = try JSONReportReader.read(Data(contentsOf: URL(fileURLWithPath: path)), path: path)
            return Set(
                report.scenarios.filter {
                    switch $0.outcome {
                    case .failed, .errored: true
                    case .passed, .skipped: false
                    }
                }.map(\.id))
        } catch let problem as JSONReportReader.Problem {
            tool.complain("--rerun-failed: \(problem.description)")
        } catch {
            tool.complain("--rerun-failed: cannot read \(path) (\(error.localizedDescription))")
        }
        return nil
    }

    /// `--annotations github|none`; by default github under GitHub Actions.
    private func annotations(_ options: ArgumentList) throws(ArgumentList.Problem) -> Bool {
        switch options.value("--annotations") {
        case nil: return tool.environment["GITHUB_ACTIONS"] == "true"
        case "github": return true
        case "none": return false
        case let other?: throw ArgumentList.Problem(description: "--annotations must be github or none, not \(other)")
        }
    }
}

/// `--tag`, `--filter` and `--shard`, shared by run and list.
enum ScenarioSelectionOptions {
    static func selection(from options: ArgumentList) throws(ArgumentList.Problem) -> ScenarioSelection {
        var shard: Shard?
        if let text = options.value("--shard") {
            guard let parsed = Shard(parsing: text) else {
                throw ArgumentList.Problem(description: "--shard must be K/N with 1 ≤ K ≤ N, not \(text)")
            }
            shard = parsed
        }
        return ScenarioSelection(tags: options.all("--tag"), filters: options.all("--filter"), shard: shard)
    }
}

/// Loading the PATHS of a command (default `Scenarios`) and printing what the loader found: every
/// diagnostic, or (`warningsInFull: false`, for run) errors in full and a count of the warnings.
enum ScenarioLoading {
    static func load(_ options: ArgumentList, tool: CommandLineTool, warningsInFull: Bool = true) -> LoadResult {
        let paths = options.positionals.isEmpty ? ["Scenarios"] : options.positionals
        let result = ScenarioLoader(root: options.value("--root")).load(paths)
        let warnings = result.diagnostics.filter { $0.severity == .warning }
        tool.show(warningsInFull ? result.diagnostics : result.diagnostics.filter { $0.severity == .error })
        if !warningsInFull, !warnings.isEmpty {
            let paths = options.positionals.joined(separator: " ")
            tool.complain(
                "\(warnings.count) lint \(warnings.count == 1 ? "warning" : "warnings"): "
                    + "storage-conformance lint\(paths.isEmpty ? "" : " " + paths) shows them")
        }
        return result
    }
}

import Foundation
import ScenarioLanguage

/// `run`: loads, selects and runs scenarios, prints one line per scenario and writes the reports.
struct RunCommand {
    let tool: CommandLineTool

    func run(_ arguments: [String]) -> Int32 {
        let options: ArgumentList
        do throws(ArgumentList.Problem) {
            options = try ArgumentList(
                arguments,
                options: ["--target", "--junit", "--json", "--tag", "--filter", "--shard", "--expectations", "--jobs", "--timeout", "--root", "--write-expectations"],
                flags: ["--help", "-h"])
        } catch {
            return tool.usage(error.description, command: "run")
        }
        if options.has("--help") || options.has("-h") {
            tool.say(HelpText.run)
            return 0
        }
        let junitPath = options.value("--junit") ?? "reports/junit.xml"
        let jobs: Int
        let timeout: Int
        let selection: ScenarioSelection
        let target: any Target
        do throws(ArgumentList.Problem) {
            jobs = try options.integer("--jobs", in: 1...256) ?? 1
            timeout = try options.integer("--timeout", in: 1...86_400) ?? 60
            selection = try ScenarioSelectionOptions.selection(from: options)
            target = try TargetResolver.target(options.value("--target") ?? "reference", stepTimeout: TimeInterval(timeout))
        } catch {
            return tool.usage(error.description, command: "run")
        }
        var expectations: ExpectationsManifest?
        if let path = options.value("--expectations") {
            do throws(Diagnostic) {
                expectations = try ExpectationsManifest.load(path: path)
            } catch {
                tool.show([error])
                tool.complain("the expectations manifest has errors; nothing was run")
                let report = Self.invalidFilesReport([error], target: target, type: .invalidExpectationsManifest, caseName: "expectations manifest is valid")
                writeReports(report, junit: junitPath, json: options.value("--json"))
                return 2
            }
        }

        let loaded = ScenarioLoading.load(options, tool: tool)
        if loaded.hasErrors {
            tool.complain("the scenario files have errors; nothing was run")
            writeReports(Self.invalidFilesReport(loaded.diagnostics, target: target), junit: junitPath, json: options.value("--json"))
            return 2
        }
        let allIDs = Set(loaded.files.flatMap { $0.scenarios.map(\.id) })
        let selected = loaded.files.compactMap { file -> ScenarioFile? in
            var file = file
            file.scenarios = file.scenarios.filter(selection.includes)
            return file.scenarios.isEmpty ? nil : file
        }
        if selected.isEmpty { tool.complain("no scenario was selected") }

        let console = ConsoleReporter(output: tool.output, colour: ConsoleReporter.shouldUseColour(environment: tool.environment, isTerminal: tool.outputIsTerminal))
        let runner = ScenarioRunner(target: target, jobs: jobs, stepTimeout: TimeInterval(timeout), expectations: expectations, toolVersion: ToolVersion.current)
        let report = runner.run(selected, allIDs: allIDs) { scenario, file in console.scenarioFinished(scenario, file: file) }
        console.runFinished(report)
        guard writeReports(report, junit: junitPath, json: options.value("--json")) else { return 2 }
        if let path = options.value("--write-expectations") {
            let manifest = ExpectationsManifest.recording(report, path: path, previous: expectations)
            do {
                try ReportFile.write(Data(manifest.yamlText.utf8), to: path)
                tool.say("wrote \(path): \(manifest.entries.count) expected failures")
            } catch {
                tool.complain("cannot write the expectations manifest: \(error)")
                return 2
            }
        }
        return report.summary.failed == 0 ? 0 : 1
    }

    /// Writes the JUnit report (always) and the JSON one (when asked); false when one could not be written.
    @discardableResult
    private func writeReports(_ report: RunReport, junit: String, json: String?) -> Bool {
        var written = true
        var outputs = [(junit, JUnitReport.renderData(report))]
        if let json { outputs.append((json, JSONReport.render(report))) }
        for (path, data) in outputs {
            do {
                try ReportFile.write(data, to: path)
            } catch {
                tool.complain("cannot write the report: \(error)")
                written = false
            }
        }
        return written
    }

    /// A report with one errored case per invalid file, so CI shows why nothing ran.
    static func invalidFilesReport(
        _ diagnostics: [Diagnostic], target: any Target, type: FailureKind = .invalidScenarioFile, caseName: String = "scenario file is valid"
    ) -> RunReport {
        let errors = diagnostics.filter { $0.severity == .error }
        var byFile: [(String, [Diagnostic])] = []
        for diagnostic in errors {
            if let index = byFile.firstIndex(where: { $0.0 == diagnostic.file }) {
                byFile[index].1.append(diagnostic)
            } else {
                byFile.append((diagnostic.file, [diagnostic]))
            }
        }
        let files = byFile.map { path, problems in
            let first = problems[0]
            let failure = Failure(
                type: type, message: "\(path):\(first.location.line):\(first.location.column): \(first.message)",
                detail: problems.map(\.description).joined(separator: "\n\n"), location: "\(path):\(first.location.line)")
            let scenario = ScenarioReport(id: path, name: caseName, line: first.location.line, duration: 0, outcome: .errored(failure), transcript: "")
            return FileReport(name: path, path: path, scenarios: [scenario])
        }
        return RunReport(
            target: target.name, toolVersion: ToolVersion.current, hostname: ProcessInfo.processInfo.hostName,
            startedAt: Date(), duration: 0, files: files)
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

/// Loading the PATHS of a command (default `Scenarios`) and printing what the loader found.
enum ScenarioLoading {
    static func load(_ options: ArgumentList, tool: CommandLineTool) -> LoadResult {
        let paths = options.positionals.isEmpty ? ["Scenarios"] : options.positionals
        let result = ScenarioLoader(root: options.value("--root")).load(paths)
        tool.show(result.diagnostics)
        return result
    }
}

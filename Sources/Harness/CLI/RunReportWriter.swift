import Foundation
import Primitives
import Reports
import ScenarioLanguage
import Targets
import YAMLReader

/// Writes a run's reports where the options say (JUnit always, JSON when asked), and builds the reports of
/// runs that could not start or ran nothing, so CI always finds a report that says why.
struct RunReportWriter: Sendable {
    let tool: CommandLineTool
    let junit: String
    let json: String?
    let withLocations: Bool
    let target: any Target
    /// What the run was asked to run, recorded in every report.
    let selection: RunSelection
    /// `--label`: the target's name in every report instead of its URL.
    var label: String? = nil

    /// Writes every report; false when one could not be written (the reason is printed).
    @discardableResult
    func write(_ report: RunReport) -> Bool {
        var report = report
        if let label { report.target = label }
        var written = true
        var outputs = [(junit, JUnitReport.renderData(report, withLocations: withLocations))]
        if let json { outputs.append((json, JSONReport.render(report))) }
        for (path, data) in outputs {
            do {
                try AtomicFile.write(data, to: path)
            } catch {
                tool.complain("cannot write the report: \(error)")
                written = false
            }
        }
        return written
    }

    /// A report with one errored case per invalid file.
    func errorReport(
        _ diagnostics: [Diagnostic], type: FailureKind = .invalidScenarioFile,
        caseName: String = "scenario file is valid"
    ) -> RunReport {
        var byFile: [(String, [Diagnostic])] = []
        for diagnostic in diagnostics where diagnostic.severity == .error {
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
                detail: problems.map(DiagnosticText.render).joined(separator: "\n\n"),
                location: "\(path):\(first.location.line)")
            let scenario = ScenarioReport(
                id: path, name: caseName, line: first.location.line, duration: 0, outcome: .errored(failure),
                transcript: "")
            return FileReport(name: path, path: path, scenarios: [scenario])
        }
        return report(files)
    }

    /// A report with one errored case saying why the target (or the driver) cannot be used.
    func targetReport(_ reason: String) -> RunReport {
        problemReport(reason, type: .targetError, caseName: "the target can be used", id: "target", path: target.name)
    }

    /// A report with one errored case named `caseName`, saying `reason`.
    func problemReport(
        _ reason: String, type: FailureKind, caseName: String, id: String = "run", path: String = "run"
    ) -> RunReport {
        let failure = Failure(type: type, message: reason, detail: reason)
        let scenario = ScenarioReport(
            id: id, name: caseName, line: 0, duration: 0, outcome: .errored(failure), transcript: "")
        return report([FileReport(name: id, path: path, scenarios: [scenario])])
    }

    /// A run with nothing to run (an empty selection, or nothing to rerun), and why.
    func emptyReport(reason: String) -> RunReport {
        var report = report([])
        report.emptyReason = reason
        return report
    }

    /// Every scenario of `files` as not run, for a run stopped before any started.
    func notRunReport(_ files: [ScenarioFile], reason: String, startedAt: Date) -> RunReport {
        var report = report(
            files.map { file in
                FileReport(
                    name: file.name, path: file.path,
                    scenarios: file.scenarios.map { scenario in
                        ScenarioReport(
                            id: scenario.id, name: scenario.name, line: scenario.location.line, duration: 0,
                            outcome: .skipped(reason: "not run: \(reason)"), transcript: "")
                    })
            })
        report.startedAt = startedAt
        report.duration = Date().timeIntervalSince(startedAt)
        return report
    }

    private func report(_ files: [FileReport]) -> RunReport {
        RunReport(
            target: target.name, toolVersion: ToolVersion.current, hostname: ProcessInfo.processInfo.hostName,
            startedAt: Date(), duration: 0, files: files, selection: selection)
    }
}

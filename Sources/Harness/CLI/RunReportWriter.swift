import Foundation
import Primitives
import ScenarioLanguage
import YAMLReader

/// Writes a run's reports where the options say (JUnit always, JSON when asked), and builds the reports of
/// runs that could not start, so CI always finds a report that says why.
struct RunReportWriter {
    let tool: CommandLineTool
    let junit: String
    let json: String?
    let withLocations: Bool

    /// Writes every report; false when one could not be written (the reason is printed).
    @discardableResult
    func write(_ report: RunReport) -> Bool {
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
    static func errorReport(
        _ diagnostics: [Diagnostic], target: any Target, type: FailureKind = .invalidScenarioFile,
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
                detail: problems.map(\.description).joined(separator: "\n\n"),
                location: "\(path):\(first.location.line)")
            let scenario = ScenarioReport(
                id: path, name: caseName, line: first.location.line, duration: 0, outcome: .errored(failure),
                transcript: "")
            return FileReport(name: path, path: path, scenarios: [scenario])
        }
        return report(files, target: target)
    }

    /// A report with one errored case saying why the target cannot be used.
    static func targetReport(_ reason: String, target: any Target) -> RunReport {
        let failure = Failure(type: .targetError, message: reason, detail: reason)
        let scenario = ScenarioReport(
            id: "target", name: "the target can be used", line: 0, duration: 0, outcome: .errored(failure),
            transcript: "")
        return report([FileReport(name: "target", path: target.name, scenarios: [scenario])], target: target)
    }

    /// A run with nothing to run (`--rerun-failed` of a report without failures).
    static func emptyReport(target: any Target) -> RunReport {
        report([], target: target)
    }

    private static func report(_ files: [FileReport], target: any Target) -> RunReport {
        RunReport(
            target: target.name, toolVersion: ToolVersion.current, hostname: ProcessInfo.processInfo.hostName,
            startedAt: Date(), duration: 0, files: files)
    }
}

import Foundation
import Harness
import Primitives
import Reports
import Runner
import ScenarioLanguage
import Targets
import Testing
import YAMLReader

/// A scenario file written in a test: decoded from YAML text (it must have no errors) and run in process.
struct ScenarioText {
    /// Where test scenarios claim to live; only messages and locations use it.
    static let defaultPath = "/conformance/Scenarios/suite/file.yaml"

    let text: String
    let file: ScenarioFile

    init(
        _ text: String, path: String = defaultPath, name: String = "suite/file",
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws {
        self.text = text
        let (file, diagnostics) = ScenarioDecoder.decode(SourceFile(path: path, text: text), name: name)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.isEmpty, "\(errors.map(\.description).joined(separator: "\n"))", sourceLocation: sourceLocation)
        try #require(errors.isEmpty, sourceLocation: sourceLocation)
        self.file = try #require(file, sourceLocation: sourceLocation)
    }

    /// One scenario named `s`: `given` (unindented `given:` content, optional) and then `steps`, each line
    /// indented under `steps:`.
    static func steps(_ steps: String, given: String? = nil) -> String {
        var text = "scenario: s\n"
        if let given { text += "given:\n" + indented(given) + "\n" }
        return text + "steps:\n" + indented(steps)
    }

    private static func indented(_ block: String) -> String {
        block.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n")
    }

    /// Runs every scenario of the file, one after another.
    func run(on target: any Target = ReferenceTarget(), expectations: ExpectationsManifest? = nil) -> [ScenarioReport] {
        let runner = ScenarioRunner(target: target, stepTimeout: 20, expectations: expectations, toolVersion: "test")
        return file.scenarios.map { runner.runScenario($0, in: file) }
    }

    /// Runs the file's only scenario.
    func runOnly(on target: any Target = ReferenceTarget(), sourceLocation: Testing.SourceLocation = #_sourceLocation)
        throws -> ScenarioReport
    {
        let reports = run(on: target)
        try #require(reports.count == 1, sourceLocation: sourceLocation)
        return reports[0]
    }

    /// The 1-based line of the first line holding `marker`.
    func line(of marker: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws -> Int {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        let index = try #require(
            lines.firstIndex { $0.contains(marker) }, "\(marker) is not in the scenario", sourceLocation: sourceLocation
        )
        return index + 1
    }
}

/// Runs one scenario written as steps (see `ScenarioText.steps`).
func runSteps(_ steps: String, given: String? = nil, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
    -> ScenarioReport
{
    try ScenarioText(ScenarioText.steps(steps, given: given), sourceLocation: sourceLocation).runOnly(
        sourceLocation: sourceLocation)
}

extension Outcome {
    /// `passed`, `failed`, `errored`, `expectedFailure` or `skipped`.
    var kind: String {
        switch self {
        case .passed: "passed"
        case .failed: "failed"
        case .errored: "errored"
        case .expectedFailure: "expectedFailure"
        case .skipped: "skipped"
        }
    }
}

/// Expects a scenario to have passed, showing the failure's detail when it did not.
func expectPassed(_ report: ScenarioReport, sourceLocation: Testing.SourceLocation = #_sourceLocation) {
    #expect(
        report.outcome == .passed, "\(report.outcome.kind): \(report.outcome.failure?.detail ?? "")",
        sourceLocation: sourceLocation)
}

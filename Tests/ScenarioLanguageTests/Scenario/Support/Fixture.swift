import Foundation
import Primitives
import ScenarioLanguage
import Testing
import YAMLReader

/// A place in a scenario file (the module's, not Swift Testing's `SourceLocation`).
typealias Location = Primitives.SourceLocation

/// A scenario file written in a test, with helpers to find where things are in it.
struct Fixture {
    let text: String
    let source: SourceFile
    let lines: [Substring]

    init(_ text: String, path: String = "suite/file.yaml") {
        self.text = text
        self.source = SourceFile(path: path, text: text)
        self.lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The location of line:column (ASCII text).
    func at(_ line: Int, _ column: Int) -> Location {
        let offset = lines.prefix(line - 1).reduce(0) { $0 + $1.utf8.count + 1 } + column - 1
        return Location(line: line, column: column, offset: offset)
    }

    /// The location of the first `written` on `line`.
    func at(_ line: Int, _ written: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> Location {
        guard line >= 1, line <= lines.count, let range = lines[line - 1].range(of: written) else {
            Issue.record("\(written) is not on line \(line)", sourceLocation: sourceLocation)
            return at(1, 1)
        }
        return at(line, lines[line - 1].distance(from: lines[line - 1].startIndex, to: range.lowerBound) + 1)
    }

    /// A template of `value` located at the first `written` (default: `value`) on `line`.
    func t(_ line: Int, _ value: String, written: String? = nil) -> Template {
        Template(parsing: value, at: at(line, written ?? value))
    }

    /// A template of `value` located just after the first `before` on `line`.
    func t(_ line: Int, _ value: String, after before: String) -> Template {
        let start = at(line, before)
        return Template(parsing: value, at: at(line, start.column + before.count))
    }

    func decode(name: String = "suite/file") -> (file: ScenarioFile?, diagnostics: [Diagnostic]) {
        ScenarioDecoder.decode(source, name: name)
    }

    /// The scenarios of a file that must decode without any diagnostic (or, `allowingWarnings`, any error).
    func scenarios(
        name: String = "suite/file", allowingWarnings: Bool = false,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) throws -> [Scenario] {
        let (file, all) = decode(name: name)
        let diagnostics = allowingWarnings ? all.filter { $0.severity == .error } : all
        #expect(
            diagnostics.isEmpty, "\(diagnostics.map(\.description).joined(separator: "\n"))",
            sourceLocation: sourceLocation)
        return try #require(file, sourceLocation: sourceLocation).scenarios
    }

    /// The steps of the only scenario of a file that must decode without any diagnostic.
    func steps(allowingWarnings: Bool = false, sourceLocation: Testing.SourceLocation = #_sourceLocation) throws
        -> [Step]
    {
        let scenarios = try scenarios(allowingWarnings: allowingWarnings, sourceLocation: sourceLocation)
        try #require(scenarios.count == 1, sourceLocation: sourceLocation)
        return scenarios[0].steps
    }

    /// Every diagnostic as `LINE:COLUMN: message`.
    func messages() -> [String] {
        decode().diagnostics.map { "\($0.location.line):\($0.location.column): \($0.message)" }
    }
}

/// `scenario: s` and `steps:` around step lines (each indented by two spaces, starting on line 3).
func stepsFixture(_ steps: String) -> Fixture {
    Fixture(
        "scenario: s\nsteps:\n"
            + steps.split(separator: "\n", omittingEmptySubsequences: false).map { "  " + $0 }.joined(separator: "\n"))
}

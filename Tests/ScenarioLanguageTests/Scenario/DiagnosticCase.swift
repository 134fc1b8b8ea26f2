import ScenarioLanguage
import Testing

/// One error class: a file, and the `LINE:COLUMN: message` one of its diagnostics must start with.
struct DiagnosticCase: Sendable, CustomTestStringConvertible {
    var source: String
    var expected: String

    /// A whole file.
    init(file: String, _ expected: String) {
        self.source = file
        self.expected = expected
    }

    /// Step lines under `scenario: s` / `steps:` (the first step line is line 3, columns shift by 2).
    init(steps: String, _ expected: String) {
        self.source = stepsFixture(steps).text
        self.expected = expected
    }

    var testDescription: String { expected }
}

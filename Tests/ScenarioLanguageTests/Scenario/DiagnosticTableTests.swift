import ScenarioLanguage
import Testing
import YAMLReader

@Suite("Diagnostics for every error class")
struct DiagnosticTableTests {
    @Test(arguments: scenarioCases + stepCases)
    func reportsAt(_ testCase: DiagnosticCase) {
        let fixture = Fixture(testCase.source)
        let messages = fixture.messages()
        #expect(messages.contains { $0.hasPrefix(testCase.expected) }, "got:\n\(messages.joined(separator: "\n"))")
        #expect(fixture.decode().diagnostics.contains { $0.severity == .error })
    }

    @Test func descriptionRendersTheCaretBlock() throws {
        let fixture = stepsFixture("- getData: a\n  maxSize: 12 apples")
        let diagnostic = try #require(fixture.decode().diagnostics.first)
        #expect(
            diagnostic.description == """
                suite/file.yaml:4:14: maxSize: expected a size like 256KiB, found "12 apples"
                    maxSize: 12 apples
                             ^
                """)
    }

    @Test func collectsSeveralErrorsInOneFile() {
        let fixture = Fixture(
            """
            scenario: first
            steps:
              - upload: a
              - getData: b
                maxSize: lots
            ---
            scenario: second
            steps:
              - pause: nothing
            """)
        let messages = fixture.messages()
        let expected = [
            "3:5: unknown verb \"upload\" (expected one of: ref, put,",
            "5:14: maxSize: expected a size like 256KiB, found \"lots\"",
            "9:12: $nothing is not defined (no names are defined before this step)",
        ]
        #expect(messages.count == expected.count)
        for (message, prefix) in zip(messages, expected) {
            #expect(message.hasPrefix(prefix), "\(message)")
        }
        let (file, _) = fixture.decode()
        #expect(file?.scenarios.isEmpty == true)
    }

    /// A misspelt key is reported once, not again as a missing key or an empty mapping.
    @Test(arguments: [
        "- put: a\n  data: { rand: 3 }", "- put: a\n  data: { text: x }\n  as: up\n- pause: up\n  when: { progres: 5 }",
        "- put: a\n  data: { text: x }\n  expect: { progress: { complete: 1 } }", "- getData: a\n  maxsize: 1",
        "- ref: a\n  expect: { fullpath: a }",
    ])
    func aMisspeltKeyIsReportedOnce(_ steps: String) {
        let messages = stepsFixture(steps).messages()
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.contains("did you mean") == true, "\(messages)")
    }

    /// A name defined by a step whose verb was not understood is still defined: later uses are not errors.
    @Test func aMisunderstoodStepStillDefinesItsName() {
        let messages = stepsFixture("- upload: a\n  as: up\n- pause: up\n- getData: $up.metadata.x\n  maxSize: 1")
            .messages()
        #expect(messages.count == 1, "\(messages)")
        #expect(messages.first?.hasPrefix("3:5: unknown verb \"upload\"") == true)
    }

    @Test func aYAMLSyntaxErrorIsOneDiagnosticAndNoFile() {
        let (file, diagnostics) = Fixture("scenario: s\nsteps: [unclosed\n").decode()
        #expect(file == nil)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func validScenariosSurviveNextToBrokenOnes() throws {
        let (file, diagnostics) = Fixture(
            "scenario: good\nsteps: [{ delete: a }]\n---\nscenario: bad\nsteps: [{ delete: 5 }]"
        ).decode()
        #expect(diagnostics.count == 1)
        #expect(try #require(file).scenarios.map(\.name) == ["good"])
    }
}

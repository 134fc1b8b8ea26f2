import Foundation
import Harness
import Reports
import Testing

/// A rules scenario whose step expected another answer says what the rules decided, in every report: the
/// denial with its `match`, `allow` and false condition, or the `allow` that granted.
@Suite struct RulesDecisionInFailureTests {
    static let given = """
        rules:
          source: |
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o {
                match /{p=**} {
                  allow read: if resource.size < 2;
                }
              }
            }
        objects:
          large: { text: abc }
        """

    @Test func anUnexpectedDenialShowsTheFalseCondition() throws {
        let report = try runSteps("- getMetadata: large", given: Self.given)
        let detail = try #require(report.outcome.failure).detail
        let denial =
            "Last rules decision:\nrules: denied: no allow grants the get of /b/"
        #expect(detail.contains(denial), "\(detail)")
        let reason = "under match /b/{bucket}/o at "
        #expect(detail.contains(reason), "\(detail)")
        #expect(detail.contains("match /{p=**} at "), "\(detail)")
        // The rules are a `|` block: places are the scenario file's lines and columns.
        let line = try ScenarioText(ScenarioText.steps("- getMetadata: large", given: Self.given)).line(
            of: "allow read")
        let file = ScenarioText.defaultPath
        #expect(detail.contains("'allow read' at \(file):\(line):13 "), "\(detail)")
        #expect(detail.contains("resource.size < 2 at \(file):\(line):42 is false (resource.size is 3)"), "\(detail)")

        var run = ReportFixtures.emptyRun
        run.files = [FileReport(name: "s", path: "s.yaml", scenarios: [report])]
        #expect(JUnitReport.render(run).contains("is false (resource.size is 3)"))
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(run)
        #expect(output.text.contains("  Last rules decision:\n  rules: denied: no allow grants the get of /b/"))
    }

    @Test func anUnexpectedGrantNamesTheAllow() throws {
        let given = Self.given.replacingOccurrences(of: "large: { text: abc }", with: "small: { text: a }")
        let steps = "- getMetadata: small\n  expect: { error: unauthorized }"
        let report = try runSteps(steps, given: given)
        let detail = try #require(report.outcome.failure).detail
        let line = try ScenarioText(ScenarioText.steps(steps, given: given)).line(of: "allow read")
        #expect(
            detail.contains(
                "Last rules decision:\nrules: get allowed by 'allow read' at \(ScenarioText.defaultPath):\(line):13"),
            "\(detail)")
    }

    /// Quoted rules text is not the file's text line for line: a place is named within the rules, beside the value.
    @Test func quotedRulesAreNamedWithinTheirText() throws {
        let given = """
            rules:
              source: "rules_version = '2';\\nservice firebase.storage {\\n  match /b/{bucket}/o/{p=**} {\\n    allow read: if false;\\n  }\\n}"
            objects:
              large: { text: abc }
            """
        let report = try runSteps("- getMetadata: large", given: given)
        let detail = try #require(report.outcome.failure).detail
        let place = "line 4, column 5 of the rules at \(ScenarioText.defaultPath):4:13"
        #expect(detail.contains("'allow read' at \(place) under "), "\(detail)")
        #expect(detail.hasSuffix(": the condition is the literal false"), "\(detail)")
    }
}

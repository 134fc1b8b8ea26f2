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
        #expect(detail.contains(":5:36 is false (resource.size is 3)"), "\(detail)")

        var run = ReportFixtures.emptyRun
        run.files = [FileReport(name: "s", path: "s.yaml", scenarios: [report])]
        #expect(JUnitReport.render(run).contains("is false (resource.size is 3)"))
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(run)
        #expect(output.text.contains("  Last rules decision:\n  rules: denied: no allow grants the get of /b/"))
    }

    @Test func anUnexpectedGrantNamesTheAllow() throws {
        let given = Self.given.replacingOccurrences(of: "large: { text: abc }", with: "small: { text: a }")
        let report = try runSteps("- getMetadata: small\n  expect: { error: unauthorized }", given: given)
        let detail = try #require(report.outcome.failure).detail
        #expect(detail.contains("Last rules decision:\nrules: get allowed by 'allow read' at "), "\(detail)")
    }
}

import Foundation
import Harness
import ScenarioLanguage
import StorageAPI
import Testing

/// Rules scenarios run in process: every form reaches the reference as rules text, and a failing scenario's
/// transcript shows the rules exactly as the target was given them.
@Suite struct RulesRunTests {
    @Test func theShorthandsSourceIsInAFailingScenariosTranscript() throws {
        let report = try runSteps(
            "- getMetadata: open/a.txt\n  expect: { error: unauthorized }",
            given: "rules:\n  allow:\n    - { path: \"open/**\", ops: [read] }\nobjects:\n  open/a.txt: { text: a }")
        let failure = try #require(report.outcome.failure)
        #expect(
            failure.detail.contains(
                "given rules: the shorthand (version 2, 1 entries), as the target is given them (shorthand.rules):"))
        #expect(failure.detail.contains("  |   match /b/{bucket}/o {"), "\(failure.detail)")
        #expect(failure.detail.contains("  |     match /open/{rest2=**} {\n  |       allow get;"), "\(failure.detail)")
    }

    @Test func sourceRulesDecideInProcess() throws {
        let given = """
            rules:
              source: |
                rules_version = '2';
                service firebase.storage {
                  match /b/{bucket}/o {
                    match /{p=**} {
                      allow read: if resource.size < 2;
                      allow create: if request.resource.contentType.matches('text/.*');
                    }
                  }
                }
            objects:
              small: { text: a }
              large: { text: abc }
            """
        let report = try runSteps(
            """
            - getMetadata: small
            - getMetadata: large
              expect: { error: unauthorized }
            - put: new.txt
              data: { text: x }
              metadata: { contentType: text/plain }
            - put: new.bin
              data: { text: x }
              metadata: { contentType: application/octet-stream }
              expect: { error: unauthorized }
            """, given: given)
        #expect(report.outcome == .passed, "\(report.outcome.failure?.detail ?? "")")
    }
}

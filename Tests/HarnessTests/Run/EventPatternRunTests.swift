import Foundation
import Harness
import Runner
import ScenarioLanguage
import Targets
import Testing

/// Event patterns with counts, as the runner matches them against a task's events, and the step timeout.
@Suite("Runner: event patterns")
struct EventPatternRunTests {
    /// The events of a 1 MiB upload: `resume progress progress progress progress success`.
    static let upload = "- put: a.bin\n  data: { zeros: 1MiB }\n  as: up\n- await: up\n"

    static func awaiting(_ pattern: String) -> String {
        upload + "- await: up\n  expect: { events: \(pattern) }"
    }

    @Test(arguments: [
        "\"resume progress progress progress progress success\"",
        "\"resume progress{4} success\"",
        "\"resume progress{1,4} success\"",
        "\"resume progress{4,8} success\"",
        "\"resume progress+ success\"",
        "\"resume progress* success\"",
        "\"resume? pause? progress+ resume? success failure?\"",
        "\"resume progress{2} progress{2} success\"",
        "[resume, \"progress{4}\", success]",
        "[resume, progress+, success]",
    ])
    func matchingPatterns(_ pattern: String) throws {
        expectPassed(try runSteps(Self.awaiting(pattern)))
    }

    @Test(arguments: [
        "\"resume progress{3} success\"",
        "\"resume progress{5,} success\"",
        "\"resume progress{1,3} success\"",
        "\"resume progress+\"",
        "\"progress+ success\"",
        "\"resume progress* failure\"",
        "\"resume progress+ success success\"",
        "\"\"",
        "[resume, success]",
    ])
    func patternsThatDoNotMatch(_ pattern: String) throws {
        let report = try runSteps(Self.awaiting(pattern))
        #expect(report.outcome.failure?.type == .eventMismatch, "\(report.outcome.kind)")
    }

    @Test func failureCodesInPatterns() throws {
        expectPassed(
            try runSteps(
                """
                - put: a.bin
                  data: { zeros: 1MiB }
                  as: up
                - cancel: up
                  when: { progress: 1 }
                - await: up
                  expect: { events: "resume progress failure(cancelled)" }
                - await: up
                  expect: { events: "resume progress failure" }
                - await: up
                  expect: { events: "resume progress failure(-13040)" }
                """))
        let report = try runSteps(
            """
            - put: a.bin
              data: { zeros: 1MiB }
              as: up
            - cancel: up
            - await: up
              expect: { events: "failure(unknown)" }
            """)
        #expect(report.outcome.failure?.type == .eventMismatch)
        #expect(report.outcome.failure?.detail.contains("  actual:   failure(cancelled)") == true)
    }

    /// A step that runs past the step timeout errs the scenario; it does not fail it.
    @Test func aStepPastTheTimeoutErrs() throws {
        let text = try ScenarioText(ScenarioText.steps("- put: a.bin\n  data: { zeros: 1MiB }"))
        let report = ScenarioRunner(target: ReferenceTarget(), stepTimeout: 0, toolVersion: "test").runScenario(
            text.file.scenarios[0], in: text.file)
        #expect(report.outcome.kind == "errored")
        #expect(report.outcome.failure?.type == .stepTimeout)
        #expect(report.outcome.failure?.message == "the step did not finish within 0 s")
        #expect(report.outcome.failure?.location == "\(ScenarioText.defaultPath):3:5")
    }
}

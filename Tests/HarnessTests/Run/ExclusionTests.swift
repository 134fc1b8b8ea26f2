import Harness
import Runner
import Targets
import Testing

/// `--exclude`: scenarios left out by a glob over their whole id, reported as skipped with the pattern.
@Suite("Runner: excluded scenarios")
struct ExclusionTests {
    @Test func aScenarioMatchingAPatternIsSkippedNamingIt() throws {
        let file = try ScenarioText(
            """
            scenario: crashes the target
            steps:
              - getMetadata: none.txt
            ---
            scenario: runs
            steps:
              - put: a.txt
                data: { text: a }
            """)
        var runner = ScenarioRunner(target: ReferenceTarget(), stepTimeout: 20, toolVersion: "test")
        runner.exclusions = ["suite/file/crash*", "runs"]
        let reports = file.file.scenarios.map { runner.runScenario($0, in: file.file) }
        #expect(reports[0].outcome == .skipped(reason: "excluded: --exclude suite/file/crash*"))
        #expect(reports[0].transcript.isEmpty)
        // A pattern matches the whole id, not a part of it.
        #expect(reports[1].outcome == .passed)
    }
}

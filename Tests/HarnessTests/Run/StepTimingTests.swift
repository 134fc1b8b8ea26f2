import Harness
import Testing

/// Each step that runs is timed, in order, up to and including a failing one.
@Suite struct StepTimingTests {
    @Test func everyStepThatRanIsTimedInOrder() throws {
        let passed = try runSteps(
            """
            - put: a.txt
              data: { text: hi }
            - getMetadata: a.txt
            - delete: a.txt
            """)
        expectPassed(passed)
        #expect(passed.steps.map(\.verb) == ["put", "getMetadata", "delete"])
        #expect(passed.steps.map(\.line) == [3, 5, 6])
        #expect(passed.steps.allSatisfy { $0.duration >= 0 && $0.duration < 60 })
        let failed = try runSteps(
            """
            - getMetadata: missing.txt
            - delete: a.txt
            """)
        #expect(failed.steps.map(\.verb) == ["getMetadata"])
    }
}

import Foundation
import Harness
import ScenarioLanguage
import Targets
import Testing

/// A task that ends because the target cannot be reached is an error of the run wherever the runner meets it,
/// never a failure of the target (issue 32: refused connections were reported as `FAIL TriggerNotMet`).
@Suite("Runner: transport failures are errors")
struct TransportErrorTests {
    @Test func aTriggerOnATaskThatCannotConnectErrs() throws {
        let (server, url) = try HTTPRunTests.serve()
        let target = HTTPTarget(baseURL: url, requestTimeout: 60)
        let text = try ScenarioText(
            ScenarioText.steps(
                """
                - put: a.bin
                  data: { random: 1MiB, seed: 1 }
                  as: up
                - pause: up
                  when: { progress: 512KiB }
                - resume: up
                - await: up
                """))
        expectPassed(try text.runOnly(on: target))
        server.stop()
        let report = try text.runOnly(on: target)
        #expect(report.outcome.kind == "errored", "\(report.outcome)")
        #expect(report.outcome.failure?.type == .transportError)
        #expect(report.outcome.failure?.pin?.placeAndKind == "step 2 (line 6) pause: TransportError")
    }
}

import Foundation
import HTTPCore
import Harness
import ReferenceService
import Runner
import ScenarioLanguage
import StorageAPI
import StorageSDK
import StorageServer
import Targets
import Testing

/// Against a live target the project's client waits on the session's virtual clock, as in process: retry
/// back-off, `Retry-After` and injected stalls cost no real time, and the step timeout bounds a step's wait for
/// the target, not the client's retry budget.
@Suite("Runner: the client's clock over HTTP")
struct LiveClockTests {
    /// Three retries of 1–2 s each: more than the whole step timeout of the run below.
    static let retried = """
        scenario: 408, 502 and 504 are retried like 503
        given:
          faults:
            - { request: uploadStart, status: 502 }
            - { request: chunk, status: 408 }
            - { request: finalize, status: 504, retryAfter: 30 }
        steps:
          - put: retry/statuses.bin
            data: { random: 600KiB, seed: 3 }
            expect: { events: [resume, progress+, success], metadata: { size: 614400 } }
        ---
        scenario: a stall past the request timeout
        given:
          objects:
            a.txt: { text: hello }
          faults:
            - { request: download, stall: 30 }
          retry: { timeout: 20 }
        steps:
          - getData: a.txt
            maxSize: 1KiB
            expect: { data: { text: hello } }
        """

    @Test(arguments: ["http", "gcs+http"])
    func retryWaitsLongerThanTheStepTimeoutPassOnTheVirtualClock(_ scheme: String) throws {
        let (server, url) = try HTTPRunTests.serve()
        defer { server.stop() }
        let target: any Target =
            scheme == "http"
            ? HTTPTarget(baseURL: url, requestTimeout: 2) : GCSTarget(baseURL: url, requestTimeout: 2)
        let text = try ScenarioText(Self.retried)
        let runner = ScenarioRunner(target: target, stepTimeout: 2, toolVersion: "test")
        let reports = text.file.scenarios.map { runner.runScenario($0, in: text.file) }
        for report in reports { expectPassed(report) }
        // At least 1 + 1 + 30 s of retry waits, and 20 s of a stall that timed out, none of it in real time.
        #expect(reports[0].clientWaits.total >= 32)
        #expect(reports[1].clientWaits.total >= 21)
        #expect(reports.map(\.clientWaits.inRealTime) == [0, 0])
    }

    /// A server that stops answering: the client's retries cost no time, so the step ends at its timeout
    /// (one request's timeout later at most) as timed out, not after the client's whole retry budget.
    @Test func aStepAgainstAServerThatStopsAnsweringTimesOut() throws {
        let service = ReferenceBackend()
        let silent = FaultInjectingBackend(
            service, faults: [RequestFault(kind: .metadata, occurrence: .every, action: .stall(seconds: 2))],
            clock: SystemClock())
        let server = StorageServer(
            backend: silent, configuration: HTTPServerConfiguration(port: 0), administration: service)
        let url = try #require(URL(string: "http://127.0.0.1:\(try server.start())"))
        defer { server.stop() }
        let text = try ScenarioText(
            ScenarioText.steps("- getMetadata: a.txt", given: "objects:\n  a.txt: { text: hello }"))
        let runner = ScenarioRunner(
            target: HTTPTarget(baseURL: url, requestTimeout: 0.3), stepTimeout: 0.3, toolVersion: "test")
        let report = runner.runScenario(text.file.scenarios[0], in: text.file)
        #expect(report.outcome.failure?.type == .stepTimeout, "\(report.outcome.failure?.detail ?? "passed")")
    }
}

import Foundation
import Harness
import Reports
import Targets
import Testing

/// A scenario that fails over HTTP carries the last request and answer in its failure, which every report
/// prints.
@Suite("Runner: the exchange in a failure")
struct ExchangeInFailureTests {
    @Test func aFailingStepShowsItsRequestAndAnswer() throws {
        let (server, url) = try HTTPRunTests.serve()
        defer { server.stop() }
        let target = HTTPTarget(baseURL: url, requestTimeout: 60)
        let text = try ScenarioText(
            ScenarioText.steps("- getMetadata: a/missing.txt\n  expect: { metadata: { size: 1 } }"))
        let report = try text.runOnly(on: target)
        #expect(report.outcome.kind == "failed")
        let detail = try #require(report.outcome.failure).detail
        #expect(detail.contains("Last HTTP exchange:\n> GET \(url.absoluteString)/v0/b/"))
        #expect(detail.contains("/o/a%2Fmissing.txt"))
        #expect(detail.contains("< 404"))
        var run = ReportFixtures.emptyRun
        run.files = [FileReport(name: "s", path: "s.yaml", scenarios: [report])]
        let json = String(decoding: JSONReport.render(run), as: UTF8.self)
        #expect(json.contains("Last HTTP exchange:\\n> GET "))
        let junit = JUnitReport.render(run)
        #expect(junit.contains("Last HTTP exchange:\n&gt; GET ") || junit.contains("Last HTTP exchange:\n> GET "))
        #expect(junit.contains("&lt; 404") || junit.contains("< 404"))
    }
}

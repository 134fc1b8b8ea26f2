import Foundation
import Harness
import Reports
import Testing

/// A scenario's kept HTTP exchanges in the JSON report (read back as written) and the JUnit system-out.
@Suite struct ExchangeTraceReportTests {
    static let trace = ExchangeTrace(
        exchanges: ["> GET http://h/v0/b/x/o/a\n< 200\n< {\"a\":1}", "> DELETE http://h/v0/b/x/o/a\n< 204"],
        dropped: 3)

    static func run(_ trace: ExchangeTrace) -> RunReport {
        var report = ReportFixtures.emptyRun
        let scenario = ScenarioReport(
            id: "s/traced", name: "traced", line: 1, duration: 1, outcome: .passed, transcript: "", exchanges: trace)
        report.files = [FileReport(name: "s", path: "s.yaml", scenarios: [scenario])]
        return report
    }

    @Test func theJSONReportCarriesTheExchangesAndReadsThemBack() throws {
        let data = JSONReport.render(Self.run(Self.trace))
        #expect(try JSONReportReader.read(data, path: "run.json").scenarios.map(\.exchanges) == [Self.trace])
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"exchangesDropped\": 3"))
    }

    @Test func aReportWithoutExchangesReadsAsNone() throws {
        let text = String(decoding: JSONReport.render(Self.run(Self.trace)), as: UTF8.self)
        let older = try Regex(",\\s*\"exchanges\": \\[[^\\]]*\\],\\s*\"exchangesDropped\": 3")
        let stripped = text.replacing(older, with: "")
        #expect(!stripped.contains("exchanges"))
        let read = try JSONReportReader.read(Data(stripped.utf8), path: "old.json")
        #expect(read.scenarios.map(\.exchanges) == [.none])
    }

    @Test func theJUnitOutputListsThemUnderTheScenario() {
        let xml = JUnitReport.render(Self.run(Self.trace))
        #expect(
            xml.contains(
                "=== s/traced: passed\nHTTP exchanges (3 earlier ones not kept):\n&gt; GET http://h/v0/b/x/o/a\n&lt; 200\n"
            ))
        #expect(xml.contains("&lt; 204\n\n"))
        #expect(!JUnitReport.render(Self.run(.none)).contains("HTTP exchanges"))
    }
}

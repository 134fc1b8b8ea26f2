import Foundation
import Harness
import Reports
import StorageAPI
import Testing

/// Each report says how long a scenario's client waited on its clock, and how much of the scenario's time
/// that took, so a slow run says why.
@Suite struct ClientWaitsReportTests {
    static func run(_ waits: [ClockWaits]) -> RunReport {
        var report = ReportFixtures.emptyRun
        let scenarios = waits.enumerated().map { index, waits in
            ScenarioReport(
                id: "s/\(index)", name: "\(index)", line: 1, duration: 7 - Double(index) / 10, outcome: .passed,
                transcript: "", clientWaits: waits)
        }
        report.files = [FileReport(name: "s", path: "s.yaml", scenarios: scenarios)]
        return report
    }

    static let waits =
        [ClockWaits(total: 6.8, inRealTime: 6.8), ClockWaits(total: 6.8, inRealTime: 0)]
        + Array(repeating: ClockWaits(), count: 10)

    @Test func theJSONReportCarriesTheWaitsAndReadsThemBack() throws {
        let data = JSONReport.render(Self.run(Self.waits))
        let read = try JSONReportReader.read(data, path: "run.json")
        #expect(read.scenarios.map(\.clientWaits) == Self.run(Self.waits).scenarios.map(\.clientWaits))
        let text = String(decoding: data, as: UTF8.self)
        #expect(text.contains("\"clientWaits\": {\n            \"total\": 6.800,\n            \"inRealTime\": 0.000\n"))
    }

    @Test func aReportWithoutWaitsReadsAsNoWaits() throws {
        let text = String(decoding: JSONReport.render(Self.run([ClockWaits(total: 3, inRealTime: 1)])), as: UTF8.self)
        let older = try Regex(",\\s*\"clientWaits\": \\{[^}]*\\}")
        let read = try JSONReportReader.read(Data(text.replacing(older, with: "").utf8), path: "old.json")
        #expect(read.scenarios.map(\.clientWaits) == [ClockWaits()])
    }

    @Test func theSlowestListSaysWhatWasSpentWaiting() {
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(Self.run(Self.waits))
        #expect(output.text.contains("\n    7.00s  s/0 (6.80s of it waiting on the client's clock)\n    6.90s  s/1\n"))
    }

    @Test func theJUnitOutputGivesTheWaitsOfEachScenarioThatWaited() {
        let xml = JUnitReport.render(Self.run(Self.waits))
        #expect(xml.contains("client waits: 6.800s on its clock, 6.800s of them in real time\n"))
        #expect(xml.contains("client waits: 6.800s on its clock, 0.000s of them in real time\n"))
        #expect(xml.components(separatedBy: "client waits:").count == 3)
    }
}

import Foundation
import Harness
import Reports
import Testing

/// `report` names where a results file goes wrong: invalid UTF-8 at its line, column and byte, and a scenario
/// listed twice in one file as such, not as two reports that overlap (issue 25, point 10).
@Suite("report: where a results file goes wrong")
struct ReportInputErrorsTests {
    private func results(in folder: TemporaryFolder) throws -> Data {
        try SampleScenarios.writeSuite(in: folder)
        _ = ToolRun(["run", folder.path("Scenarios"), "--json", folder.path("r.json"), "--quiet"])
        return Data(try #require(folder.read("r.json")).utf8)
    }

    @Test func invalidUTF8IsPlacedWhereItIs() throws {
        let folder = try TemporaryFolder()
        var data = try results(in: folder)
        // Line 3 of the file, after its two leading spaces: the byte that starts "target".
        let lines = data.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        let offset = lines[0].count + 1 + lines[1].count + 1 + 2
        data[offset] = 0xFF
        let path = folder.path("bad.json")
        try data.write(to: URL(fileURLWithPath: path))
        let run = ToolRun(["report", path])
        #expect(run.code == 2)
        #expect(
            run.errors.contains("bad.json:3:3: not JSON: the body is not valid UTF-8 at byte \(offset)"), "\(run.both)")
    }

    @Test func aScenarioListedTwiceInOneFileIsSaidToBe() throws {
        let folder = try TemporaryFolder()
        let data = try results(in: folder)
        var root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var files = try #require(root["files"] as? [[String: Any]])
        var scenarios = try #require(files[0]["scenarios"] as? [Any])
        scenarios.append(scenarios[0])
        files[0]["scenarios"] = scenarios
        root["files"] = files
        let path = folder.path("twice.json")
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: path))
        let run = ToolRun(["report", path])
        #expect(run.code == 2)
        #expect(run.errors.contains("is listed twice in this report"), "\(run.both)")
        #expect(!run.errors.contains("two of the reports"))
    }

    @Test func aMergeTellsOneReportFromTwo() throws {
        let scenario = ScenarioReport(id: "a/b", name: "b", line: 1, duration: 0, outcome: .passed, transcript: "")
        let once = RunReport(
            target: "t", toolVersion: "1", hostname: "", startedAt: Date(), duration: 0,
            files: [FileReport(name: "a", path: "a.yaml", scenarios: [scenario])])
        var twice = once
        twice.files[0].scenarios.append(scenario)
        func problem(_ reports: [RunReport]) -> String? {
            do {
                _ = try ShardMerge.merge(reports.enumerated().map { ("run\($0.offset + 1).json", $0.element) })
                return nil
            } catch {
                return error.description
            }
        }
        #expect(problem([twice]) == "a/b is listed twice in run1.json: a report lists each scenario once")
        #expect(
            problem([once, once])
                == "run1.json and run2.json are 2 runs of t, not shards of one run: give each a label, e.g. "
                + "run1=run1.json run2=run2.json")
    }
}

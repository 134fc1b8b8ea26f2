import Foundation
import Harness
import Reports
import Testing

/// `storage-conformance report` on the JSON of real runs.
@Suite("report command")
struct ReportCommandTests {
    @Test func shardsMergeAndTheMatrixIsWritten() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let scenarios = folder.path("Scenarios")
        for shard in 1...2 {
            _ = ToolRun(["run", scenarios, "--shard", "\(shard)/2", "--json", folder.path("s\(shard).json"), "--quiet"])
        }
        _ = ToolRun(["run", scenarios, "--json", folder.path("whole.json"), "--quiet"])
        let merge = ToolRun([
            "report", folder.path("s1.json"), folder.path("s2.json"), "--merged", folder.path("merged.json"),
            "--markdown", folder.path("m.md"), "--html", folder.path("m.html"),
        ])
        #expect(merge.code == 1, "the sample suite has a failing scenario: \(merge.both)")
        let whole = try JSONReportReader.read(Data(try #require(folder.read("whole.json")).utf8), path: "whole")
        let merged = try JSONReportReader.read(Data(try #require(folder.read("merged.json")).utf8), path: "merged")
        #expect(merged.scenarios.map(\.id) == whole.scenarios.map(\.id))
        #expect(merged.scenarios.map(\.outcome) == whole.scenarios.map(\.outcome))
        let markdown = try #require(folder.read("m.md"))
        #expect(
            markdown.contains(
                "| Failed | \(whole.scenarios.filter { if case .failed = $0.outcome { true } else { false } }.count) |")
        )
        #expect(try #require(folder.read("m.html")).hasPrefix("<!DOCTYPE html>"))
    }

    /// A shard missing or given twice is refused by name (exit 2), and two runs of one target without labels
    /// are told to take one each.
    @Test func aShardMissingOrTwiceAndUnlabelledRunsAreRefused() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let scenarios = folder.path("Scenarios")
        for shard in 1...3 {
            _ = ToolRun(["run", scenarios, "--shard", "\(shard)/3", "--json", folder.path("s\(shard).json"), "--quiet"])
        }
        let missing = ToolRun(["report", folder.path("s1.json"), folder.path("s3.json")])
        #expect(missing.code == 2)
        #expect(
            missing.errors
                == "storage-conformance: reference: shard 2/3 is missing (every shard of the run is needed)\n")
        let twice = ToolRun([
            "report", folder.path("s1.json"), folder.path("s2.json"), folder.path("s3.json"), folder.path("s1.json"),
        ])
        #expect(twice.code == 2)
        #expect(
            twice.errors.contains("shard 1/3 is given 2 times (\(folder.path("s1.json")), \(folder.path("s1.json")))"))
        _ = ToolRun(["run", scenarios, "--json", folder.path("old.json"), "--quiet"])
        _ = ToolRun(["run", scenarios, "--json", folder.path("new.json"), "--quiet"])
        let unlabelled = ToolRun(["report", folder.path("old.json"), folder.path("new.json")])
        #expect(unlabelled.code == 2)
        #expect(
            unlabelled.errors.contains(
                "give each a label, e.g. run1=\(folder.path("old.json")) run2=\(folder.path("new.json"))"))
        let labelled = ToolRun(["report", "old=" + folder.path("old.json"), "new=" + folder.path("new.json")])
        #expect(labelled.output.contains("| | old | new |"), "\(labelled.both)")
    }

    @Test func labelsNameColumnsAndTheMinimumIsChecked() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        _ = ToolRun(["run", folder.path("Scenarios"), "--json", folder.path("r.json"), "--quiet"])
        let printed = ToolRun(["report", "mine=" + folder.path("r.json")])
        #expect(printed.code == 0, "\(printed.both)")
        #expect(printed.output.contains("| | mine |"))
        let tooFew = ToolRun([
            "report", folder.path("r.json"), "--min-executed", "1000", "--summary", folder.path("s.md"),
        ])
        #expect(tooFew.code == 1)
        #expect(tooFew.errors.contains("fewer than 1000"))
    }

    @Test func anUnreadableReportIsNamed() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("bad.json", "{\"tool\": {}}")
        let run = ToolRun(["report", path])
        #expect(run.code == 2)
        #expect(run.errors.contains("bad.json: the report: \"files\" is missing"))
        #expect(ToolRun(["report"]).code == 2)
    }
}

import Foundation
import Harness
import Reports
import Testing

/// `run --fail-fast` and `run --rerun-failed`.
@Suite("run: fail fast and rerun")
struct RerunAndFailFastTests {
    /// `area/bad` (failing) sorts before `area/good`, so with one job the failure comes first.
    @Test func failFastSkipsWhatIsLeftAfterTheFirstFailure() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(["run", folder.path("Scenarios"), "--fail-fast", "--json", folder.path("r.json"), "--quiet"])
        #expect(run.code == 1)
        #expect(run.errors.contains("--fail-fast stops the run at the first failure"))
        let report = try JSONReportReader.read(Data(try #require(folder.read("r.json")).utf8), path: "r")
        let skipped = report.scenarios.filter {
            if case .skipped(let reason) = $0.outcome { reason.hasPrefix("not run: ") } else { false }
        }
        #expect(report.scenarios.count == 3)
        #expect(skipped.count == 2, "\(report.scenarios.map(\.outcome))")
    }

    @Test func rerunFailedRunsOnlyWhatFailedAndNothingWhenNothingDid() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        _ = ToolRun(["run", folder.path("Scenarios"), "--json", folder.path("first.json"), "--quiet"])
        let rerun = ToolRun([
            "run", folder.path("Scenarios"), "--rerun-failed", folder.path("first.json"), "--json",
            folder.path("second.json"),
        ])
        #expect(rerun.code == 1)
        let second = try JSONReportReader.read(Data(try #require(folder.read("second.json")).utf8), path: "second")
        #expect(second.scenarios.map(\.id) == ["area/bad/expects-a-file-that-is-not-there"])
        try FileManager.default.removeItem(atPath: folder.path("Scenarios/area/bad.yaml"))
        _ = ToolRun(["run", folder.path("Scenarios"), "--json", folder.path("clean.json"), "--quiet"])
        let nothing = ToolRun(["run", folder.path("Scenarios"), "--rerun-failed", folder.path("clean.json")])
        #expect(nothing.code == 0)
        #expect(nothing.output.contains("nothing to rerun"))
        let unreadable = ToolRun(["run", folder.path("Scenarios"), "--rerun-failed", folder.path("none.json")])
        #expect(unreadable.code == 2)
        #expect(unreadable.errors.contains("--rerun-failed: cannot read"))
    }
}

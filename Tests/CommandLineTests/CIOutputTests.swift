import Foundation
import Harness
import Testing

/// Output for CI: GitHub annotations, --quiet, and JUnit testcases with their file and line.
@Suite("CI output")
struct CIOutputTests {
    @Test func githubAnnotationsUnderActions() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(
            ["run", folder.path("Scenarios"), "--junit", folder.path("j.xml")], environment: ["GITHUB_ACTIONS": "true"])
        #expect(run.code == 1)
        let file = folder.path("Scenarios/area/bad.yaml")
        #expect(
            run.output.contains(
                "::error file=\(file),line=4,title=UnexpectedError%3A area/bad/expects-a-file-that-is-not-there::the step failed"
            ), "\(run.output)")
        #expect(
            !ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("j.xml")]).output.contains("::error"))
        #expect(
            ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("j.xml"), "--annotations", "github"])
                .output.contains("::error file="))
    }

    @Test func quietPrintsOnlyProblemsAndTheSummary() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(["run", folder.path("Scenarios"), "--quiet", "--junit", folder.path("j.xml")])
        #expect(run.code == 1)
        #expect(!run.output.contains("PASS "))
        #expect(run.output.hasPrefix("FAIL  area/bad/expects-a-file-that-is-not-there ("), "\(run.output)")
        #expect(run.output.hasSuffix("2 passed, 1 failed, 0 errored, 0 expected failures, 0 skipped\n"))
    }

    @Test func junitLocationsWhenAsked() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        _ = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("plain.xml")])
        #expect(!(try #require(folder.read("plain.xml"))).contains(" line=\""))
        _ = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("located.xml"), "--junit-locations"])
        let located = try #require(folder.read("located.xml"))
        #expect(located.contains("name=\"expects a file that is not there\" classname=\"area/bad\" time=\""))
        #expect(located.contains("file=\"\(folder.path("Scenarios/area/bad.yaml"))\" line=\"1\""), "\(located)")
    }
}

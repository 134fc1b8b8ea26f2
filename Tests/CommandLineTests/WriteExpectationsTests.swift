import Foundation
import Harness
import Reports
import Runner
import Testing

@Suite struct WriteExpectationsTests {
    @Test func writesTheManifestThatMakesTheSameRunPass() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let manifest = folder.path("expected.yaml")
        let first = ToolRun([
            folder.path("Scenarios"), "--junit", folder.path("a.xml"), "--write-expectations", manifest,
        ])
        #expect(first.code == 1, "\(first.both)")
        let written = try ExpectationsManifest.load(path: manifest)
        #expect(written.entries.map(\.id) == ["area/bad/expects-a-file-that-is-not-there"])
        #expect(written.entries.first?.reason.contains("objectNotFound") == true)
        #expect(
            written.entries.first?.pin?.description
                == "step 1 (line 4) getMetadata: UnexpectedError [error objectNotFound; status 404]")

        let second = ToolRun([
            folder.path("Scenarios"), "--junit", folder.path("b.xml"), "--expectations", manifest,
            "--write-expectations", manifest,
        ])
        #expect(second.code == 0, "\(second.both)")
        #expect(second.output.contains("2 passed, 0 failed, 0 errored, 1 expected failure, 0 skipped"))
        #expect(try ExpectationsManifest.load(path: manifest).entries == written.entries)

        // The listed scenario made to fail another way: a changed failure that fails the run, naming both.
        try folder.write(
            "Scenarios/area/bad.yaml",
            "scenario: expects a file that is not there\ntags: [metadata]\nsteps:\n  - put: missing.txt\n"
                + "    data: { text: x }\n  - delete: other.txt\n")
        let third = ToolRun([folder.path("Scenarios"), "--junit", folder.path("c.xml"), "--expectations", manifest])
        #expect(third.code == 1, "\(third.both)")
        #expect(
            third.output.contains(
                "FAIL  area/bad/expects-a-file-that-is-not-there (")
                && third.output.contains(
                    "changed failure: the manifest expects step 1 (line 4) getMetadata: UnexpectedError "
                        + "[error objectNotFound; status 404] (")
                && third.output.contains("but it failed at step 2 (line 6) delete: UnexpectedError"), "\(third.output)")
        #expect(third.output.hasSuffix("2 passed, 1 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        #expect(try #require(folder.read("c.xml")).contains("type=\"ChangedFailure\""))
    }

    /// Entries for scenarios the run did not have (another shard, a filter) are kept as they were.
    @Test func entriesOfScenariosNotRunAreKept() throws {
        let report = RunReport(
            target: "t", toolVersion: "0", hostname: "h", startedAt: Date(), duration: 0,
            files: [
                FileReport(
                    name: "f", path: "f.yaml",
                    scenarios: [
                        ScenarioReport(
                            id: "f/fixed", name: "fixed", line: 1, duration: 0, outcome: .passed, transcript: "")
                    ])
            ])
        let previous = ExpectationsManifest(
            path: "m.yaml", target: "t",
            entries: [
                .init(id: "f/fixed", reason: "was broken", line: 3),
                .init(
                    id: "g/elsewhere", reason: "another shard", pin: FailurePin(place: .given, kind: .fixtureError),
                    line: 4),
            ])
        let written = ExpectationsManifest.recording(report, path: "m.yaml", previous: previous)
        #expect(written.entries.map(\.id) == ["g/elsewhere"])
        #expect(written.entries.first?.pin == FailurePin(place: .given, kind: .fixtureError))
    }

    @Test func reasonsWithQuotesAndControlCharactersReadBack() throws {
        let folder = try TemporaryFolder()
        let report = RunReport(
            target: "t \"quoted\"", toolVersion: "0", hostname: "h", startedAt: Date(), duration: 0,
            files: [
                FileReport(
                    name: "f", path: "f.yaml",
                    scenarios: [
                        ScenarioReport(
                            id: "f/odd", name: "odd", line: 1, duration: 0,
                            outcome: .failed(
                                Failure(
                                    type: .eventMismatch, message: "a \"b\" \\ c\td\u{7}\u{85}\u{2028}\u{FEFF}\u{7F}é🙂",
                                    detail: "")), transcript: "")
                    ])
            ])
        let manifest = ExpectationsManifest.recording(report, path: folder.path("m.yaml"), previous: nil)
        try manifest.yamlText.write(toFile: folder.path("m.yaml"), atomically: true, encoding: .utf8)
        let read = try ExpectationsManifest.load(path: folder.path("m.yaml"))
        #expect(read.target == "t \"quoted\"")
        #expect(read.entries.map(\.reason) == ["a \"b\" \\ c\td\u{7}\u{85}\u{2028}\u{FEFF}\u{7F}é🙂"])
    }

    /// A run of some files checks only the manifest's entries for those files: the others may name scenarios of
    /// files not loaded, while a wrong name in a loaded file still fails the run.
    @Test func aRunOfSomeFilesChecksOnlyTheirEntries() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let manifest = try folder.write(
            "m.yaml",
            "target: reference\nfailures:\n  \"area/bad/expects-a-file-that-is-not-there\": \"a finding\"\n")
        let some = ToolRun([
            folder.path("Scenarios/area/good.yaml"), "--junit", folder.path("a.xml"), "--expectations", manifest,
        ])
        #expect(some.code == 0, "\(some.both)")
        try folder.write(
            "m.yaml",
            "target: reference\nfailures:\n  \"area/good/no-such-scenario\": \"a typo\"\n")
        let typo = ToolRun([
            folder.path("Scenarios/area/good.yaml"), "--junit", folder.path("b.xml"), "--expectations", manifest,
        ])
        #expect(typo.code == 1)
        #expect(typo.output.contains("which no scenario has"), "\(typo.both)")
    }
}

import Foundation
import HTTPCore
import Harness
import ReferenceService
import StorageServer
import Testing

/// `run`: exit codes, console lines, and the reports it always writes.
@Suite("run")
struct RunCommandTests {
    // MARK: Exit code 0

    @Test func everythingPassingExitsZero() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("out/junit.xml")])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("PASS  area/good/uploads-a-file ("))
        #expect(run.output.contains("PASS  area/good/lists-the-root ("))
        #expect(run.output.hasSuffix("\n2 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        #expect(run.errors.isEmpty)
        let junit = try #require(folder.read("out/junit.xml"))
        #expect(junit.contains("tests=\"2\""))
        #expect(junit.contains("classname=\"area/good\""))
    }

    /// `run` is the default command: paths and options alone run.
    @Test func runIsTheDefaultCommand() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let run = ToolRun([folder.path("Scenarios/area/good.yaml"), "--junit", folder.path("junit.xml")])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.hasSuffix("2 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        let flagFirst = ToolRun(["--tag", "list", folder.path("Scenarios"), "--junit", folder.path("junit.xml")])
        #expect(flagFirst.code == 0, "\(flagFirst.both)")
        #expect(flagFirst.output.hasSuffix("1 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
    }

    @Test func expectedFailuresStillExitZero() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let manifest = try folder.write(
            "expectations.yaml", "failures:\n  area/bad/expects-a-file-that-is-not-there: the file was never written\n")
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--expectations", manifest, "--junit", folder.path("junit.xml"),
        ])
        #expect(run.code == 0, "\(run.both)")
        let fingerprint = " [error objectNotFound; status 404]"
        #expect(
            run.output.contains("XFAIL area/bad/expects-a-file-that-is-not-there (")
                && run.output.contains(
                    "expected failure (step 1 (line 4) getMetadata: UnexpectedError [error objectNotFound; status 404]): the file was never written"
                )
        )
        #expect(run.output.hasSuffix("2 passed, 0 failed, 0 errored, 1 expected failure, 0 skipped\n"))
        #expect(run.errors.contains("warning: 1 entry of \(manifest) has no pin (fails:)"), "\(run.errors)")
        #expect(
            try #require(folder.read("junit.xml")).contains(
                "<skipped message=\"expected failure (step 1 (line 4) getMetadata: UnexpectedError"
                    + "\(fingerprint)): the file was never written\""
            ))
    }

    @Test func selectionOptionsNarrowTheRun() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let junit = folder.path("junit.xml")
        let tagged = ToolRun(["run", folder.path("Scenarios"), "--tag", "upload", "--tag", "list", "--junit", junit])
        #expect(tagged.code == 0, "\(tagged.both)")
        #expect(tagged.output.hasSuffix("2 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        let filtered = ToolRun(["run", folder.path("Scenarios"), "--filter", "area/good/*s-a-*", "--junit", junit])
        #expect(filtered.code == 0, "\(filtered.both)")
        #expect(filtered.output.hasPrefix("PASS  area/good/uploads-a-file ("))
        #expect(filtered.output.hasSuffix("1 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        var total = 0
        for index in 1...3 {
            let shard = ToolRun(["run", folder.path("Scenarios"), "--shard", "\(index)/3", "--junit", junit])
            total += shard.output.split(separator: "\n").filter { $0.hasSuffix(" ms)") || $0.contains(" ms): ") }.count
        }
        #expect(total == 3)
    }

    /// A typo in --tag or --filter must not look like success, nor overwrite the last report.
    @Test func selectingNothingFailsAndNamesWhatExists() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        try folder.write("junit.xml", "the previous report")
        let run = ToolRun(["run", folder.path("Scenarios"), "--tag", "uplaod", "--junit", folder.path("junit.xml")])
        #expect(run.code == 2)
        #expect(
            run.errors.hasPrefix(
                "storage-conformance: no scenario was selected: no scenario has the tag uplaod (did you mean upload?)\n"
            ))
        #expect(run.errors.contains("known tags: list, metadata, upload"))
        // The report says why nothing ran: zero tests and the reason.
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.contains("tests=\"0\""))
        #expect(junit.contains("no scenario has the tag uplaod"))

        let filtered = ToolRun([
            "run", folder.path("Scenarios"), "--filter", "uplods-a-file", "--junit", folder.path("junit.xml"),
        ])
        #expect(filtered.code == 2)
        #expect(
            filtered.errors.contains(
                "no scenario id matches --filter uplods-a-file\n  closest ids:\n    area/good/uploads-a-file"),
            "\(filtered.errors)")

        let listed = ToolRun(["list", folder.path("Scenarios"), "--tag", "nothing"])
        #expect(listed.code == 2)
        #expect(listed.output.isEmpty)
    }

    // MARK: Exit code 1

    @Test func aFailingScenarioExitsOne() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("junit.xml"), "--jobs", "3"])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("FAIL  area/bad/expects-a-file-that-is-not-there ("))
        #expect(run.output.contains("\nFailures:\n"))
        #expect(run.output.contains("  at \(folder.path("Scenarios/area/bad.yaml")):4:5\n"))
        #expect(run.output.hasSuffix("2 passed, 1 failed, 0 errored, 0 expected failures, 0 skipped\n"))
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.contains("failures=\"1\""))
        #expect(junit.contains("type=\"UnexpectedError\""))
    }

    @Test func aListedScenarioThatPassesExitsOne() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let manifest = try folder.write(
            "expectations.yaml",
            "failures:\n  area/good/uploads-a-file: thought broken\n  area/bad/expects-a-file-that-is-not-there: known\n"
        )
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--expectations", manifest, "--junit", folder.path("junit.xml"),
        ])
        #expect(run.code == 1, "\(run.both)")
        #expect(
            run.output.contains("FAIL  area/good/uploads-a-file (")
                && run.output.contains("lists it as a failure (thought broken)"))
        #expect(try #require(folder.read("junit.xml")).contains("type=\"UnexpectedPass\""))
    }

    @Test func aManifestIDThatNoScenarioHasExitsOne() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let manifest = try folder.write("expectations.yaml", "target: reference\nfailures:\n  area/gone/renamed: old\n")
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--expectations", manifest, "--junit", folder.path("junit.xml"),
        ])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("FAIL  area/gone/renamed ("))
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.contains("<testsuite name=\"expectations\""))
        #expect(junit.contains("type=\"UnknownScenario\""))
    }

    /// The endpoint is down: one message instead of one per scenario, exit 2, and a report saying why.
    @Test func aDeadTargetIsOneErrorAndStillWritesTheReports() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let server = StorageServer(
            backend: ReferenceBackend(), configuration: HTTPServerConfiguration(port: 0), administration: nil)
        let port = try server.start()
        server.stop()
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--target", "http://127.0.0.1:\(port)", "--timeout", "5",
            "--junit", folder.path("junit.xml"), "--json", folder.path("run.json"),
        ])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.output.isEmpty)
        #expect(
            run.errors
                == "storage-conformance: cannot reach http://127.0.0.1:\(port): cannot connect: Connection refused\nNothing was run.\n"
        )
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.components(separatedBy: "<error ").count - 1 == 1)
        #expect(junit.contains("<testcase name=\"the target can be used\""))
        #expect(junit.contains("type=\"TargetError\""))
        let json = try #require(folder.read("run.json"))
        #expect(json.contains("\"errored\": 1"))
    }

    // MARK: Exit code 2

    @Test(arguments: [
        (["--bogus"], "unknown option --bogus"),
        (["--jobs", "0"], "--jobs must be a whole number from 1 to 256, not 0"),
        (["--jobs", "many"], "--jobs must be a whole number from 1 to 256, not many"),
        (["--timeout", "0"], "--timeout must be a number of seconds from 0.01 to 86400, not 0"),
        (["--timeout", "1e3"], "--timeout must be a number of seconds from 0.01 to 86400, not 1e3"),
        (["--annotations", "gitlab"], "--annotations must be github or none, not gitlab"),
        (["--junit", "a.xml", "--junit", "b.xml"], "--junit is given more than once"),
        (["--targt", "x"], "unknown option --targt (did you mean --target?)"),
        (["--shard", "4/3"], "--shard must be K/N with 1 ≤ K ≤ N, not 4/3"),
        (["--shard", "x"], "--shard must be K/N with 1 ≤ K ≤ N, not x"),
        (["--help=yes"], "--help takes no value"),
        (
            ["--target", "ftp://example.com"],
            "unknown target ftp://example.com (use reference, a v0 base URL like http://127.0.0.1:9199, or a GCS JSON API base URL like gcs+http://127.0.0.1:4443)"
        ),
        (["--target", "http://"], "--target http:// is not a base URL like http://127.0.0.1:9199"),
        (["--target", "gcs+http://"], "--target gcs+http:// is not a base URL like gcs+http://127.0.0.1:4443"),
        (["--junit"], "--junit needs a value"),
    ])
    func badFlagsExitTwo(_ flags: [String], _ message: String) throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(
            ["run", folder.path("Scenarios")] + flags
                + (flags == ["--junit"] ? [] : ["--junit", folder.path("junit.xml")]))
        #expect(run.code == 2, "\(run.both)")
        #expect(run.errors == "storage-conformance: \(message)\nRun `storage-conformance help run` for usage.\n")
        #expect(run.output.isEmpty)
    }

    @Test func aMissingPathExitsTwoAndStillWritesTheReport() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("Scenarios/nowhere")
        let run = ToolRun(["run", missing, "--junit", folder.path("junit.xml")])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.errors.hasPrefix("error: \(missing): no such file or folder\n"))
        #expect(run.errors.hasSuffix("storage-conformance: the scenario files have errors; nothing was run\n"))
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.contains("type=\"InvalidScenarioFile\""))
    }

    @Test func anUnreadableFileExitsTwo() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("Scenarios/locked.yaml", SampleScenarios.passing)
        try FileManager.default.setAttributes([.posixPermissions: 0], ofItemAtPath: file)
        defer { try? FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: file) }
        guard FileManager.default.contents(atPath: file) == nil else { return }  // root reads anything
        let run = ToolRun(["run", file, "--junit", folder.path("junit.xml")])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.errors.contains("\(file): cannot read the file"))
        #expect(try #require(folder.read("junit.xml")).contains("InvalidScenarioFile"))
    }

    /// Invalid files: nothing runs, and the report holds one errored case per invalid file.
    @Test func invalidFilesExitTwoWithOneErroredCaseEach() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        try folder.write("Scenarios/area/syntax.yaml", SampleScenarios.badSyntax)
        try folder.write("Scenarios/area/verb.yaml", SampleScenarios.badVerb)
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--junit", folder.path("r/junit.xml"), "--json", folder.path("r/run.json"),
        ])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.output.isEmpty)
        #expect(run.errors.contains("error: \(folder.path("Scenarios/area/syntax.yaml")):3:1: "))
        #expect(run.errors.contains("error: \(folder.path("Scenarios/area/verb.yaml")):4:5: "))
        let junit = try #require(folder.read("r/junit.xml"))
        #expect(junit.components(separatedBy: "<testcase ").count - 1 == 2)
        #expect(junit.components(separatedBy: "type=\"InvalidScenarioFile\"").count - 1 == 2)
        #expect(junit.contains("name=\"scenario file is valid\""))
        #expect(!junit.contains("uploads a file"))
        let json =
            try JSONSerialization.jsonObject(with: Data(try #require(folder.read("r/run.json")).utf8)) as? [String: Any]
        #expect((json?["summary"] as? [String: Any])?["errored"] as? Int == 2)
    }

    @Test func aBadManifestExitsTwoAndStillWritesTheReport() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let manifest = try folder.write("expectations.yaml", "target: x\nfailures:\n  area/bad/x: [not, a, reason]\n")
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--expectations", manifest, "--junit", folder.path("junit.xml"),
        ])
        #expect(run.code == 2, "\(run.both)")
        #expect(
            run.errors.hasPrefix(
                "error: \(manifest):3:15: give the reason area/bad/x is expected to fail, as a string or as { fails: "
                    + "PIN, reason: TEXT }\n"))
        let junit = try #require(folder.read("junit.xml"))
        #expect(junit.contains("type=\"InvalidExpectationsManifest\""))
        let missing = ToolRun([
            "run", folder.path("Scenarios"), "--expectations", folder.path("none.yaml"), "--junit",
            folder.path("junit.xml"),
        ])
        #expect(missing.code == 2)
        #expect(
            missing.errors.hasPrefix("error: \(folder.path("none.yaml")): cannot read the expectations manifest\n"))
    }

    @Test func aReportThatCannotBeWrittenExitsTwo() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        try folder.write("blocker", "a file where a folder should be")
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("blocker/junit.xml")])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.errors.contains("storage-conformance: cannot write the report: "))
        #expect(run.output.hasSuffix("2 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped\n"))
    }

    // MARK: Reports and console

    /// Reports are written whole: only the report files are left in their folder, no temporary ones.
    @Test func reportsAreWrittenWhole() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        try folder.write("reports/junit.xml", "old")
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--junit", folder.path("reports/junit.xml"), "--json",
            folder.path("reports/run.json"),
        ])
        #expect(run.code == 1)
        #expect(folder.contents(of: "reports") == ["junit.xml", "run.json"])
        let junit = try #require(folder.read("reports/junit.xml"))
        #expect(junit.hasPrefix("<?xml"))
        #expect(junit.hasSuffix("</testsuites>\n"))
    }

    @Test func jsonReport() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--junit", folder.path("junit.xml"), "--json", folder.path("run.json"),
        ])
        #expect(run.code == 1)
        let data = Data(try #require(folder.read("run.json")).utf8)
        let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        #expect(json["target"] as? String == "reference")
        let summary = try #require(json["summary"] as? [String: Any])
        #expect(summary["passed"] as? Int == 2)
        #expect(summary["failed"] as? Int == 1)
        #expect(summary["total"] as? Int == 3)
        let files = try #require(json["files"] as? [[String: Any]])
        #expect(files.map { $0["name"] as? String } == ["area/bad", "area/good"])
        let failed = try #require((files[0]["scenarios"] as? [[String: Any]])?.first)
        #expect(failed["id"] as? String == "area/bad/expects-a-file-that-is-not-there")
        #expect(failed["outcome"] as? String == "failed")
        #expect(
            (failed["failure"] as? [String: Any])?["location"] as? String
                == "\(folder.path("Scenarios/area/bad.yaml")):4:5")
    }

    @Test(arguments: [
        ([String: String](), true, true),
        (["NO_COLOR": "1"], true, false),
        (["NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false),
        ([String: String](), false, false),
    ])
    func colourOnlyOnATerminalWithoutNoColor(_ environment: [String: String], _ terminal: Bool, _ coloured: Bool) throws
    {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(
            ["run", folder.path("Scenarios"), "--junit", folder.path("junit.xml")], environment: environment,
            terminal: terminal)
        #expect(run.code == 1)
        #expect(run.output.contains("\u{1B}[") == coloured)
        #expect(run.output.contains("\u{1B}[1;32mPASS\u{1B}[0m  area/good/uploads-a-file") == coloured)
        #expect(run.output.hasSuffix("2 passed, 1 failed, 0 errored, 0 expected failures, 0 skipped\n"))
    }

    @Test func oneLinePerScenarioThenTheSummary() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("junit.xml")])
        let lines = run.output.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.prefix(3).map { String($0.prefix(6)) }.sorted() == ["FAIL  ", "PASS  ", "PASS  "])
        #expect(lines.dropLast().last == "2 passed, 1 failed, 0 errored, 0 expected failures, 0 skipped")
        #expect(lines.dropLast().dropLast().last?.hasPrefix("Ran 3 scenarios in ") == true)
        #expect(lines.dropLast().dropLast().last?.hasSuffix("s.") == true)
    }

    @Test func idsAreRelativeToTheRootGiven() throws {
        let folder = try TemporaryFolder()
        try folder.write("suite/deep/x.yaml", SampleScenarios.failing)
        let run = ToolRun([
            "run", folder.path("suite/deep/x.yaml"), "--root", folder.path("suite"), "--junit",
            folder.path("junit.xml"),
        ])
        #expect(run.code == 1)
        #expect(run.output.hasPrefix("FAIL  deep/x/expects-a-file-that-is-not-there ("))
    }
}

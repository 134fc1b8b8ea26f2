import Foundation
import Harness
import Testing

/// Help for every command, the version, unknown commands and options, and serve's usage errors.
@Suite("help and usage")
struct HelpAndUsageTests {
    @Test(arguments: [["help"], ["--help"], ["-h"]])
    func overview(_ arguments: [String]) {
        let run = ToolRun(arguments)
        #expect(run.code == 0)
        #expect(run.output.hasPrefix("storage-conformance — the conformance harness for Cloud Storage for Firebase\n"))
        for command in ["run", "lint", "list", "report", "schema", "serve", "help"] {
            #expect(run.output.contains("\n  \(command) "))
        }
        #expect(run.errors.isEmpty)
    }

    @Test(arguments: [
        ("run", "USAGE:\n  storage-conformance [run] [PATHS…] [--target reference|URL|gcs+URL]"),
        ("lint", "USAGE:\n  storage-conformance lint [PATHS…] [--root DIR]\n"),
        ("schema", "USAGE:\n  storage-conformance schema\n"),
        (
            "list",
            "USAGE:\n  storage-conformance list [PATHS…] [--tag TAG]… [--filter TEXT]… [--shard K/N] [--root DIR]\n"
        ),
        (
            "serve",
            "USAGE:\n  storage-conformance serve [--host 127.0.0.1] [--port 9199] [--max-body SIZE] [--data-dir DIR]\n"
        ),
    ])
    func helpForEachCommand(_ command: String, _ usage: String) {
        let arguments = [
            ["help", command], [command, "--help"], [command, "-h"], [command, "x", "--help"],
            [command, "--port", "x", "--help"],
        ]
        for arguments in arguments {
            let run = ToolRun(arguments)
            #expect(run.code == 0, "\(arguments)")
            #expect(run.output.hasPrefix(usage), "\(arguments)")
            #expect(run.errors.isEmpty)
        }
    }

    @Test func runHelpNamesEveryOption() {
        let output = ToolRun(["run", "--help"]).output
        for option in [
            "--target", "--junit", "--json", "--tag", "--filter", "--shard", "--expectations", "--jobs", "--timeout",
            "--root",
        ] {
            #expect(output.contains("  \(option) "), "\(option)")
        }
        #expect(output.contains("NO_COLOR"))
    }

    /// `help --help` is help, and the overview names the exit codes of a signal.
    @Test func helpForHelp() {
        for arguments in [["help", "--help"], ["help", "-h"]] {
            let run = ToolRun(arguments)
            #expect(run.code == 0)
            #expect(run.output == ToolRun(["--help"]).output)
        }
        #expect(ToolRun(["--help"]).output.contains("130 interrupted by SIGINT, 143 by SIGTERM"))
    }

    /// serve's help says which routes there are and who may use them.
    @Test func serveHelpNamesItsRoutesAndHowTheyAreAuthorised() {
        let help = ToolRun(["serve", "--help"]).output
        for text in [
            "/internal/reset", "/retry_test", "/storage/v1/", "OAuth is not checked", "Authorization: Firebase",
        ] {
            #expect(help.contains(text), "\(text)")
        }
    }

    @Test func version() {
        for arguments in [["--version"], ["version"]] {
            let run = ToolRun(arguments)
            #expect(run.code == 0)
            #expect(run.output == "storage-conformance \(ToolVersion.current)\n")
        }
    }

    @Test func helpForAnUnknownCommand() {
        let run = ToolRun(["help", "bogus"])
        #expect(run.code == 2)
        #expect(
            run.errors
                == "storage-conformance: unknown command bogus (commands: run, lint, list, report, schema, serve, driver, help, version)\n"
        )
    }

    @Test func anUnknownCommand() {
        let run = ToolRun(["lnit", "Scenarios"])
        #expect(run.code == 2)
        #expect(run.output.isEmpty)
        #expect(
            run.errors.hasPrefix(
                "storage-conformance: unknown command lnit (commands: run, lint, list, report, schema, serve, driver, help, version)"
            ))
        #expect(run.errors.hasSuffix("Run `storage-conformance help` for usage.\n"))
    }

    /// What looks like a path is run as one, so a missing file says so.
    @Test func aMissingPathIsNotAnUnknownCommand() throws {
        let folder = try TemporaryFolder()
        let run = ToolRun([folder.path("gone.yaml"), "--junit", folder.path("junit.xml")])
        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("error: \(folder.path("gone.yaml")): no such file or folder\n"))
    }

    /// Outside a checkout, run says where it looked and what to do, with no place and no lone caret.
    @Test(.enabled(if: SpawnedTool.binary != nil)) func outsideACheckoutRunSaysWhereItLooked() throws {
        let folder = try TemporaryFolder()
        let tool = try SpawnedTool(try #require(SpawnedTool.binary), ["--junit", "junit.xml"], in: folder.url)
        #expect(tool.waitForExit(timeout: 60) == 2)
        #expect(tool.errors.hasPrefix("error: Scenarios: no such folder in "), "\(tool.errors)")
        #expect(tool.errors.contains("run storage-conformance from a checkout of StorageConformance"))
        #expect(!tool.errors.contains("\n^"))
        #expect(try #require(folder.read("junit.xml")).contains("type=\"InvalidScenarioFile\""))
    }

    @Test(arguments: [
        (["serve", "--bogus"], "unknown option --bogus"),
        (["serve", "--port", "70000"], "--port must be a whole number from 0 to 65535, not 70000"),
        (["serve", "--port", "-1"], "--port must be a whole number from 0 to 65535, not -1"),
        (["serve", "8080"], "unexpected argument 8080 (serve takes only options)"),
        (
            ["serve", "--max-body", "0"],
            "--max-body must be a size from 1 to 5497558138880 bytes (a number, or with B, KiB, MiB, GiB, KB, MB, GB), not 0"
        ),
        (
            ["serve", "--max-body", "1mb"],
            "--max-body must be a size from 1 to 5497558138880 bytes (a number, or with B, KiB, MiB, GiB, KB, MB, GB), not 1mb"
        ),
        (["serve", "--verbose=1"], "--verbose takes no value"),
        (["serve", "--host"], "--host needs a value"),
    ])
    func serveUsageErrors(_ arguments: [String], _ message: String) {
        let run = ToolRun(arguments)
        #expect(run.code == 2)
        #expect(run.errors == "storage-conformance: \(message)\nRun `storage-conformance help serve` for usage.\n")
    }

    @Test func serveOnAnAddressThatCannotBeBoundExitsTwo() {
        let run = ToolRun(["serve", "--host", "999.1.1.1", "--port", "0"])
        #expect(run.code == 2)
        #expect(run.errors.hasPrefix("storage-conformance: cannot serve on 999.1.1.1:0: "))
        #expect(run.output.isEmpty)
    }
}

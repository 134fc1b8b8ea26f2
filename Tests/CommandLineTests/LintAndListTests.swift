import Foundation
import Harness
import Testing

/// `lint` and `list`.
@Suite("lint and list")
struct LintAndListTests {
    @Test func lintOfValidFilesExitsZero() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(["lint", folder.path("Scenarios")])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output == "2 files, 3 scenarios: 0 errors, 0 warnings\n")
        #expect(run.errors.isEmpty)
    }

    /// Every problem as `FILE:LINE:COLUMN: message`, the line, and a caret under the column.
    @Test func lintShowsEachErrorWithItsLineAndACaret() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let syntax = try folder.write("Scenarios/area/syntax.yaml", SampleScenarios.badSyntax)
        let verb = try folder.write("Scenarios/area/verb.yaml", SampleScenarios.badVerb)
        let run = ToolRun(["lint", folder.path("Scenarios")])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output == "3 files, 3 scenarios: 2 errors, 0 warnings\n")
        let blocks = run.errors.components(separatedBy: "\nerror: ")
        try #require(blocks.count == 2, "\(run.errors)")
        let syntaxLines = blocks[0].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(syntaxLines.count == 3)
        #expect(syntaxLines[0].hasPrefix("error: \(syntax):3:1: "))
        #expect(syntaxLines[1] == "\t- delete: x")
        #expect(syntaxLines[2] == "^")
        let verbLines = blocks[1].split(separator: "\n", omittingEmptySubsequences: false)
        #expect(verbLines[0].hasPrefix("\(verb):4:5: "))
        #expect(verbLines[0].contains("remove"))
        #expect(verbLines[1] == "  - remove: a")
        #expect(verbLines[2] == "    ^")
    }

    @Test func lintWarningsAloneExitZero() throws {
        let folder = try TemporaryFolder()
        let empty = try folder.write("Scenarios/empty.yaml", "# nothing yet\n")
        let run = ToolRun(["lint", empty])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output == "1 file, 0 scenarios: 0 errors, 1 warning\n")
        #expect(run.errors.hasPrefix("warning: \(empty):"))
        #expect(run.errors.contains("the file holds no scenarios"))
    }

    @Test func lintOfAMissingPathExitsOne() throws {
        let folder = try TemporaryFolder()
        let run = ToolRun(["lint", folder.path("nothing.yaml")])
        #expect(run.code == 1)
        #expect(run.errors.hasPrefix("error: \(folder.path("nothing.yaml")): no such file or folder\n"))
    }

    @Test func lintFindsDuplicateIDsAcrossFilesGivenTwice() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let good = folder.path("Scenarios/area/good.yaml")
        let run = ToolRun(["lint", good, folder.path("Scenarios/area")])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output == "2 files, 3 scenarios: 0 errors, 0 warnings\n")
    }

    @Test func lintUsageErrorsExitTwo() {
        let run = ToolRun(["lint", "--tag", "x"])
        #expect(run.code == 2)
        #expect(
            run.errors == "storage-conformance: unknown option --tag\nRun `storage-conformance help lint` for usage.\n")
    }

    @Test func listPrintsIDsAndTags() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        try folder.write("Scenarios/area/plain.yaml", "scenario: no tags here\nsteps:\n  - delete: x\n")
        let run = ToolRun(["list", folder.path("Scenarios")])
        #expect(run.code == 0, "\(run.both)")
        #expect(
            run.output == """
                area/bad/expects-a-file-that-is-not-there  [metadata]
                area/good/uploads-a-file  [upload]
                area/good/lists-the-root  [list]
                area/plain/no-tags-here

                """)
    }

    @Test func listSelects() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let root = folder.path("Scenarios")
        #expect(
            ToolRun(["list", root, "--tag", "list", "--tag", "metadata"]).output
                == "area/bad/expects-a-file-that-is-not-there  [metadata]\narea/good/lists-the-root  [list]\n")
        #expect(
            ToolRun(["list", root, "--filter", "good"]).output
                == "area/good/uploads-a-file  [upload]\narea/good/lists-the-root  [list]\n")
        #expect(ToolRun(["list", root, "--filter=*root"]).output == "area/good/lists-the-root  [list]\n")
        #expect(ToolRun(["list", root, "--tag", "none"]).output == "")
        var shards: [String] = []
        for index in 1...2 {
            let run = ToolRun(["list", root, "--shard", "\(index)/2"])
            #expect(run.code == 0)
            shards += run.output.split(separator: "\n").map(String.init)
        }
        #expect(shards.sorted() == ToolRun(["list", root]).output.split(separator: "\n").map(String.init).sorted())
    }

    @Test func listOfInvalidFilesExitsTwo() throws {
        let folder = try TemporaryFolder()
        let bad = try folder.write("Scenarios/bad.yaml", SampleScenarios.badSyntax)
        let run = ToolRun(["list", bad])
        #expect(run.code == 2)
        #expect(run.output.isEmpty)
        #expect(run.errors.hasPrefix("error: \(bad):3:1: "))
    }

    @Test func listUsageErrorsExitTwo() {
        let run = ToolRun(["list", "--shard", "0/2"])
        #expect(run.code == 2)
        #expect(
            run.errors
                == "storage-conformance: --shard must be K/N with 1 ≤ K ≤ N, not 0/2\nRun `storage-conformance help list` for usage.\n"
        )
    }
}

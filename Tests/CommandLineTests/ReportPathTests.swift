import Foundation
import Testing

/// Report paths as people type them, relative to the folder the command runs in. `r/junit.xml` used to
/// crash the run after every scenario had finished (Foundation traps on the one-letter folder `r`).
@Suite(
    "report paths (the built binary)",
    .enabled(
        if: SpawnedTool.binary != nil,
        "storage-conformance was not found next to the test bundle: build it with `swift build` first"))
struct ReportPathTests {
    @Test(arguments: ["r/junit.xml", "x", "./r/j.xml", "a b/é ü/j.xml", "r//s/j.xml", "deep/er/still/j.xml"])
    func aRelativeReportPathIsWritten(_ path: String) throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let tool = try SpawnedTool(try #require(SpawnedTool.binary), ["run", "--junit", path], in: folder.url)
        #expect(tool.waitForExit(timeout: 60) == 0, "\(tool.output)\n\(tool.errors)")
        #expect(try #require(folder.read(path)).contains("<testsuites"))
    }

    @Test func aPathUpAndBackIsWritten() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        try FileManager.default.createDirectory(atPath: folder.path("work"), withIntermediateDirectories: true)
        let tool = try SpawnedTool(
            try #require(SpawnedTool.binary),
            ["run", "../Scenarios", "--junit", "../q/j.xml", "--json", "../q/r.json"],
            in: folder.url.appendingPathComponent("work"))
        #expect(tool.waitForExit(timeout: 60) == 0, "\(tool.output)\n\(tool.errors)")
        #expect(folder.read("q/j.xml") != nil)
        #expect(folder.read("q/r.json") != nil)
    }

    @Test func aFileWhereAFolderIsNeededIsAClearError() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        try folder.write("r", "a file, not a folder")
        let tool = try SpawnedTool(try #require(SpawnedTool.binary), ["run", "--junit", "r/junit.xml"], in: folder.url)
        #expect(tool.waitForExit(timeout: 60) == 2)
        #expect(tool.errors.contains("cannot write the report"), "\(tool.errors)")
        #expect(tool.errors.contains("'r' exists and is not a directory"), "\(tool.errors)")
        #expect(folder.read("r") == "a file, not a folder")
    }

    @Test(arguments: ["out/", ".", "..", "out/.."])
    func aFolderIsNotAReportPath(_ path: String) throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let tool = try SpawnedTool(try #require(SpawnedTool.binary), ["run", "--junit", path], in: folder.url)
        #expect(tool.waitForExit(timeout: 60) == 2)
        #expect(tool.errors.contains("names a directory, not a file"), "\(tool.errors)")
    }
}

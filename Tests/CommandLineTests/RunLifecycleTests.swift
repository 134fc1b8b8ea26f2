import Foundation
import Testing

/// The built binary against a target that answers its first question and then nothing: waiting costs no
/// CPU, and SIGINT or SIGTERM still leave complete reports.
@Suite(
    "run lifecycle (the built binary)",
    .enabled(
        if: SpawnedTool.binary != nil,
        "storage-conformance was not found next to the test bundle: build it with `swift build` first"))
struct RunLifecycleTests {
    private static func startRun(against server: StandInServer, in folder: TemporaryFolder) throws -> SpawnedTool {
        try SampleScenarios.writeSuite(in: folder)
        return try SpawnedTool(
            try #require(SpawnedTool.binary),
            [
                "run", "Scenarios", "--target", server.url, "--timeout", "30", "--junit", "out/junit.xml", "--json",
                "out/run.json",
            ],
            in: folder.url)
    }

    /// Waiting for a slow answer used to cost 80–90% of a core (URLSession spinning); now it is a `poll()`.
    @Test(.enabled(if: FileManager.default.fileExists(atPath: "/proc/self/stat")))
    func waitingForASlowTargetCostsNoCPU() throws {
        let server = try StandInServer(.v0ThenSilent(delay: 30))
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let tool = try Self.startRun(against: server, in: folder)
        defer { tool.terminate() }
        Thread.sleep(forTimeInterval: 0.5)
        let before = try #require(tool.cpuSeconds)
        Thread.sleep(forTimeInterval: 2)
        let used = try #require(tool.cpuSeconds) - before
        #expect(used < 0.3, "the run used \(used) s of CPU in 2 s of waiting")
    }

    @Test(arguments: [(SIGTERM, Int32(143), "SIGTERM"), (SIGINT, Int32(130), "SIGINT")])
    func aSignalWritesTheReportsAndExits(_ number: Int32, _ code: Int32, _ name: String) throws {
        let server = try StandInServer(.v0ThenSilent(delay: 30))
        defer { server.stop() }
        let folder = try TemporaryFolder()
        let tool = try Self.startRun(against: server, in: folder)
        Thread.sleep(forTimeInterval: 0.7)
        if number == SIGTERM { tool.terminate() } else { tool.interrupt() }
        #expect(tool.waitForExit(timeout: 10) == code, "\(tool.output)\n\(tool.errors)")
        #expect(tool.output.hasSuffix("0 passed, 0 failed, 3 skipped\n"), "\(tool.output)")
        let junit = try #require(folder.read("out/junit.xml"))
        #expect(junit.components(separatedBy: "not run: the run was interrupted by \(name)").count - 1 == 3, "\(junit)")
        #expect(try #require(folder.read("out/run.json")).contains("interrupted by \(name)"))
    }
}

import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#endif

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
        // The first scenario's request has arrived: the run is under way.
        try #require(server.scenarioRequestArrived.wait(timeout: .now() + 60) == .success, "\(tool.errors)")
        if number == SIGTERM { tool.terminate() } else { tool.interrupt() }
        #expect(tool.waitForExit(timeout: 60) == code, "\(tool.output)\n\(tool.errors)")
        #expect(
            tool.output.hasSuffix(
                "Interrupted by \(name) after 0 of 3 scenarios in \(Self.seconds(tool.output))s: the rest are "
                    + "reported as not run.\n0 passed, 0 failed, 0 errored, 0 expected failures, 3 skipped\n"),
            "\(tool.output)")
        let junit = try #require(folder.read("out/junit.xml"))
        #expect(
            junit.components(separatedBy: "not run: the run was interrupted by \(name) while running the scenarios")
                .count - 1 == 3, "\(junit)")
        #expect(try #require(folder.read("out/run.json")).contains("interrupted by \(name)"))
    }

    /// A signal while the target is still being checked (it accepted the connection and says nothing) writes
    /// every report too, with every selected scenario as not run.
    @Test func aSignalDuringTheTargetCheckWritesTheReports() throws {
        let listener = try MisbehavingListener()
        defer { listener.close() }
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let tool = try SpawnedTool(
            try #require(SpawnedTool.binary),
            [
                "run", "Scenarios", "--target", "http://127.0.0.1:\(listener.port)", "--timeout", "60", "--junit",
                "out/junit.xml", "--json", "out/run.json",
            ],
            in: folder.url)
        defer { tool.terminate() }
        // The check has connected: the run is waiting for its answer.
        let connection = listener.acceptOne(timeout: 60)
        try #require(connection >= 0, "the run never connected: \(tool.errors)")
        defer { _ = close(connection) }
        tool.terminate()
        #expect(tool.waitForExit(timeout: 60) == 143, "\(tool.output)\n\(tool.errors)")
        #expect(tool.output.contains("Interrupted by SIGTERM after 0 of 3 scenarios"), "\(tool.output)")
        let junit = try #require(folder.read("out/junit.xml"))
        #expect(
            junit.components(separatedBy: "not run: the run was interrupted by SIGTERM while checking the target")
                .count - 1 == 3, "\(junit)")
        let json = try #require(folder.read("out/run.json"))
        #expect(json.contains("\"stopReason\": \"the run was interrupted by SIGTERM while checking the target\""))
    }

    /// The seconds the interruption line gives (`in 1.23s`).
    private static func seconds(_ output: String) -> String {
        guard let range = output.range(of: #"in [0-9]+\.[0-9]+s:"#, options: .regularExpression) else { return "?" }
        return String(output[range].dropFirst(3).dropLast(2))
    }
}

import Foundation
import HTTPCore
import Harness
import ReferenceService
import StorageServer
import Testing

/// What a user's CI needs from `run` (docs/continuous-integration.md): waiting for a target that is still
/// starting, a stable name for the target, and annotations GitHub places in the user's checkout.
@Suite("run in a user's CI")
struct UserCITests {
    /// A port nothing listens on (a server started and stopped).
    private func closedPort() throws -> Int {
        let server = StorageServer(
            backend: ReferenceBackend(), configuration: HTTPServerConfiguration(port: 0), administration: nil)
        let port = try server.start()
        server.stop()
        return port
    }

    @Test func waitingForATargetThatNeverComesNamesItAndTheLastError() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let port = try closedPort()
        let started = Date()
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--target", "http://127.0.0.1:\(port)", "--wait-for-target", "1",
            "--junit", folder.path("junit.xml"),
        ])
        let took = Date().timeIntervalSince(started)
        #expect(run.code == 2, "\(run.both)")
        #expect(
            run.errors.contains(
                "waited 1 s (--wait-for-target) for http://127.0.0.1:\(port), which never answered; the last "
                    + "attempt: cannot reach http://127.0.0.1:\(port): cannot connect: Connection refused"),
            "\(run.errors)")
        #expect(took >= 0.9 && took < 20, "took \(took) s")
        #expect(try #require(folder.read("junit.xml")).contains("type=\"TargetError\""))
    }

    @Test func waitingForATargetThatStartsLateRunsTheScenarios() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder, failing: false)
        let port = try closedPort()
        let server = StorageServer(
            backend: ReferenceBackend(), configuration: HTTPServerConfiguration(port: port), administration: nil)
        let starter = Thread {
            Thread.sleep(forTimeInterval: 0.6)
            _ = try? server.start()
        }
        starter.start()
        defer { server.stop() }
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--target", "http://127.0.0.1:\(port)", "--wait-for-target", "30",
            "--junit", folder.path("junit.xml"),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("2 passed"), "\(run.both)")
    }

    @Test func theLabelNamesTheTargetAndALoopbackPortIsNeverRecorded() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let server = StorageServer(
            backend: ReferenceBackend(), configuration: HTTPServerConfiguration(port: 0), administration: nil)
        let port = try server.start()
        defer { server.stop() }
        let target = "http://127.0.0.1:\(port)"
        let labelled = ToolRun([
            "run", folder.path("Scenarios"), "--target", target, "--label", "my-emulator", "--junit",
            folder.path("a.xml"), "--json", folder.path("a.json"), "--write-expectations", folder.path("a.yaml"),
        ])
        #expect(labelled.code == 1, "\(labelled.both)")
        #expect(try #require(folder.read("a.json")).contains("\"my-emulator\""))
        #expect(try #require(folder.read("a.yaml")).contains("target: \"my-emulator\"\n"))
        #expect(try #require(folder.read("a.xml")).contains("<property name=\"target\" value=\"my-emulator\"/>"))

        let unlabelled = ToolRun([
            "run", folder.path("Scenarios"), "--target", target, "--junit", folder.path("b.xml"),
            "--write-expectations", folder.path("b.yaml"),
        ])
        #expect(unlabelled.code == 1, "\(unlabelled.both)")
        let manifest = try #require(folder.read("b.yaml"))
        #expect(manifest.contains("target: \"http://127.0.0.1\"\n"), "\(manifest)")
    }

    @Test func annotationsNameFilesRelativeToTheUsersWorkspace() throws {
        let folder = try TemporaryFolder()
        try SampleScenarios.writeSuite(in: folder)
        let run = ToolRun(
            ["run", folder.path("Scenarios"), "--junit", folder.path("junit.xml")],
            environment: ["GITHUB_ACTIONS": "true", "GITHUB_WORKSPACE": folder.url.path])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.contains("::error file=Scenarios/area/bad.yaml,line="), "\(run.output)")
        #expect(!run.output.contains("::error file=/"), "\(run.output)")
    }
}

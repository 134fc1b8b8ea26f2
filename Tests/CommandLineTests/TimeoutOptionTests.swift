import Foundation
import HTTPCore
import Harness
import ReferenceService
import StorageServer
import Testing

/// `--timeout` bounds one step's wait for the target and nothing else: the client's retry waits run on its
/// virtual clock, so a timeout shorter than a scenario's back-off leaves the scenario as it is.
@Suite("run --timeout")
struct TimeoutOptionTests {
    private static let scenarios = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Scenarios")

    /// The bundled scenario retries three times, 1–2 s apart; it once failed after one retry with
    /// `--timeout 20` (the retry budget was cut to an eighth of it), here with 2 s to spare for no wait at all.
    @Test(arguments: ["http", "gcs+http"])
    func aShortTimeoutLeavesTheRetryBudgetAlone(_ scheme: String) throws {
        let folder = try TemporaryFolder()
        let server = StorageServer(
            backend: ReferenceBackend(), configuration: HTTPServerConfiguration(port: 0), administration: nil)
        let port = try server.start()
        defer { server.stop() }
        let id = "upload-files/upload-faults/408-502-and-504-are-retried-like-503"
        let run = ToolRun([
            "run", Self.scenarios.appendingPathComponent("upload-files/upload-faults.yaml").path,
            "--root", Self.scenarios.path, "--filter", id, "--target", "\(scheme)://127.0.0.1:\(port)",
            "--timeout", "2", "--junit", folder.path("junit.xml"), "--json", folder.path("run.json"),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("PASS  \(id) ("), "\(run.both)")
        #expect(run.output.contains("\n1 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped"), "\(run.both)")
    }
}

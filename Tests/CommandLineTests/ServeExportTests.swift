import Foundation
import Harness
import ReferenceService
import Testing

/// `serve --import` and `--export-on-exit` as a user runs them.
@Suite("serve import and export") struct ServeExportTests {
    static let fixture = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/emulator-export")

    @Test func aBrokenImportFolderStopsServeBeforeItStartsNamingTheFile() throws {
        let folder = try TemporaryFolder()
        let export = folder.url.appendingPathComponent("export")
        try FileManager.default.copyItem(at: Self.fixture, to: export)
        try Data("{".utf8).write(to: export.appendingPathComponent("storage_export/buckets.json"))
        let run = ToolRun(["serve", "--port", "0", "--import", export.path])
        #expect(run.code == 2, "\(run.both)")
        #expect(
            run.errors.contains(
                "cannot import \(export.path): \(export.path)/storage_export/buckets.json: not valid JSON"))
        #expect(!run.output.contains("serving"))
    }

    /// The signal path: a serve that imported the fixture writes it out again when told to stop.
    @Test func serveWritesItsObjectsOutWhenItStops() throws {
        let folder = try TemporaryFolder()
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let out = folder.url.appendingPathComponent("out")
        let serve = try SpawnedTool(
            binary, ["serve", "--port", "0", "--import", Self.fixture.path, "--export-on-exit", out.path],
            in: folder.url)
        try #require(serve.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30) != nil)
        serve.terminate()
        #expect(serve.waitForExit(timeout: 30) == 0, "\(serve.errors)")
        let original = ReferenceBackend()
        _ = try EmulatorExport.load(from: Self.fixture, into: original)
        let exported = ReferenceBackend()
        #expect(try EmulatorExport.load(from: out, into: exported).objects == 4)
        #expect(try exported.storedObjects().map(\.resource) == original.storedObjects().map(\.resource))
        #expect(
            try exported.storedObjects().map { try $0.bytes.contents() }
                == original.storedObjects().map { try $0.bytes.contents() })
    }
}

import Foundation
import GCSJSON
import Harness
import ReferenceService
import ScenarioLanguage
import StorageAPI
import StorageServer
import Targets
import Testing

/// Scenarios over the GCS JSON API (`GCSTarget`) against an in-process `StorageServer`: what the API can
/// express runs and passes; what it cannot is skipped with the reason, never passed.
@Suite("Runner: over the GCS JSON API")
struct GCSTargetTests {
    static let scenarios = """
        scenario: pause resume and list
        given:
          objects:
            files/a.txt: { text: a, contentType: text/plain }
        steps:
          - put: files/big.bin
            data: { random: 1MiB, seed: 7 }
            as: upload
          - pause: upload
            when: { progress: 256KiB }
          - resume: upload
            when: { event: pause }
          - await: upload
            expect:
              events: [resume, progress+, pause, resume, progress+, success]
              metadata: { size: 1048576 }
          - list: files/
            expect: { items: [files/a.txt, files/big.bin], prefixes: [] }
          - updateMetadata: files/a.txt
            metadata: { contentType: null, customMetadata: { k: v } }
            expect: { metadata: { contentType: null, customMetadata: { k: v } } }
        ---
        scenario: rules and download urls
        given:
          rules:
            allow:
              - { path: "**", ops: [read] }
          objects:
            a.txt: { text: a }
        steps:
          - downloadURL: a.txt
        """

    private func withServer(_ body: (GCSTarget) throws -> Void) throws {
        let backend = ReferenceBackend()
        let server = StorageServer(backend: backend, configuration: .init(host: "127.0.0.1", port: 0))
        let port = try server.start()
        defer { server.stop() }
        try body(GCSTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 60))
    }

    @Test func whatTheAPICanSayPassesAndTheRestIsSkippedWithItsNeeds() throws {
        try withServer { target in
            try target.checkUsable()
            let reports = try ScenarioText(Self.scenarios).run(on: target)
            expectPassed(reports[0])
            #expect(
                reports[1].outcome
                    == .skipped(
                        reason:
                            "needs rules: \(GCSTarget.lacking[.rules] ?? ""); needs downloadURLs: \(GCSTarget.lacking[.downloadURLs] ?? "")"
                    ))
        }
    }

    /// A server that keeps every bucket (gcp-storage-emulator rewrites its whole index on each change) does
    /// not grow with every scenario run against it.
    @Test func aScenarioLeavesNeitherObjectsNorItsBucketBehind() throws {
        let backend = ReferenceBackend()
        let server = StorageServer(backend: backend, configuration: .init(host: "127.0.0.1", port: 0))
        let url = try #require(URL(string: "http://127.0.0.1:\(try server.start())"))
        defer { server.stop() }
        let target = GCSTarget(baseURL: url, requestTimeout: 10)
        let text = try ScenarioText(Self.scenarios)
        expectPassed(text.run(on: target)[0])
        let bucket = ScenarioBucket.name(for: text.file.scenarios[0].id, suffix: "-" + target.nonce)
        let left = (try? backend.list(ListRequest(bucket: bucket, delimiter: nil)))?.items ?? []
        #expect(left.isEmpty, "objects left behind: \(left)")
        do {
            try GCSJSONClient(baseURL: url, requestTimeout: 10).deleteBucket(bucket)
            Issue.record("the scenario's bucket was left behind")
        } catch {
            #expect(error.status == 404)
        }
    }

    @Test func aServerThatIsNotGCSIsRefusedOnce() throws {
        let target = GCSTarget(baseURL: try #require(URL(string: "http://127.0.0.1:1")), requestTimeout: 2)
        #expect(throws: TargetFailure.self) { try target.checkUsable() }
        #expect(target.name == "gcs+http://127.0.0.1:1")
    }
}

import Foundation
import HTTPCore
import Harness
import ReferenceService
import Reports
import ScenarioLanguage
import StorageServer
import Targets
import Testing

/// Scenarios over HTTP against an in-process `StorageServer` behave as they do on the reference, and an
/// endpoint that cannot be reached errs the scenario (it does not fail it).
@Suite("Runner: over HTTP")
struct HTTPRunTests {
    static let scenarios = """
        scenario: pause and resume
        steps:
          - put: images/rivers.jpg
            data: { random: 1MiB, seed: 7 }
            metadata: { contentType: image/jpeg }
            as: upload
          - pause: upload
            when: { progress: 256KiB }
          - resume: upload
            when: { event: pause }
          - await: upload
            expect:
              events: [resume, progress+, pause, resume, progress+, success]
              metadata: { size: 1048576, contentType: image/jpeg }
          - getData: images/rivers.jpg
            maxSize: 2MiB
            as: down
          - cancel: down
            when: { progress: 50% }
          - await: down
            expect: { events: "resume progress{2} failure(cancelled)", error: cancelled }
        ---
        scenario: fixtures lists and metadata
        given:
          objects:
            files/a.txt: { text: a, contentType: text/plain }
            files/b.txt: { text: bb }
            files/sub/c.txt: { random: 300KiB, seed: 2 }
        steps:
          - list: files
            maxResults: 1
            as: page
            expect: { items: [files/a.txt], pageToken: present }
          - list: files
            pageToken: $page.pageToken
            expect: { prefixes: [files/sub], items: [files/b.txt] }
          - updateMetadata: files/a.txt
            metadata: { cacheControl: no-store, customMetadata: { k: v } }
            expect: { metadata: { metageneration: 2, cacheControl: no-store, customMetadata: { k: v } } }
          - write: files/sub/c.txt
            toFile: c.bin
            expect: { data: { random: 300KiB, seed: 2 }, events: "resume progress{2} success" }
          - delete: files/b.txt
          - getMetadata: files/b.txt
            expect: { error: objectNotFound }
        ---
        scenario: rules and users
        given:
          objects:
            public/a.txt: { text: a }
          rules:
            allow:
              - { path: "public/**", ops: [read], if: signedIn }
          user: none
        steps:
          - getMetadata: public/a.txt
            expect: { error: unauthorized }
          - put: public/b.txt
            data: { text: b }
            expect: { error: unauthorized, events: "resume failure(unauthorized)" }
        ---
        scenario: a failing step
        steps:
          - put: a.bin
            data: { zeros: 600KiB }
            expect: { events: "resume progress success" }
        """

    /// A server over a fresh in-memory service with the rules endpoint, on a free port.
    static func serve() throws -> (server: StorageServer, url: URL) {
        let service = ReferenceBackend()
        let server = StorageServer(
            backend: service, configuration: HTTPServerConfiguration(port: 0), administration: service)
        let port = try server.start()
        return (server, try #require(URL(string: "http://127.0.0.1:\(port)")))
    }

    /// Bucket names and clock-based generations masked: all else must match between targets.
    static func comparable(_ report: ScenarioReport, bucket: String) throws -> String {
        let failure =
            report.outcome.failure.map {
                "\($0.type): \($0.message)\n\($0.detail.components(separatedBy: "\n\nLast HTTP exchange:")[0])"
            } ?? ""
        return "\(report.outcome.kind) \(failure)\n\(report.transcript)"
            .replacingOccurrences(of: bucket, with: "BUCKET")
            .replacing(try Regex("generation \\d+"), with: "generation G")
    }

    @Test func outcomesAndEventsMatchTheReference() throws {
        let text = try ScenarioText(Self.scenarios)
        let (server, url) = try Self.serve()
        defer { server.stop() }
        let target = HTTPTarget(baseURL: url, requestTimeout: 60, nonce: "test01")
        let overHTTP = text.run(on: target)
        let inProcess = text.run()
        #expect(inProcess.map(\.outcome.kind) == ["passed", "passed", "passed", "failed"])
        #expect(overHTTP.map(\.outcome.kind) == inProcess.map(\.outcome.kind))
        for (http, reference) in zip(overHTTP, inProcess) {
            let suffix = "-test01"
            let referenceBucket = ScenarioBucket.name(for: reference.id)
            #expect(
                try Self.comparable(http, bucket: referenceBucket + suffix)
                    == Self.comparable(reference, bucket: referenceBucket))
        }
    }

    @Test func anEndpointThatCannotBeReachedErrsNamingTheRequest() throws {
        let (server, url) = try Self.serve()
        server.stop()
        let report = try ScenarioText(Self.scenarios).run(on: HTTPTarget(baseURL: url, requestTimeout: 60))[0]
        #expect(report.outcome.kind == "errored")
        let failure = try #require(report.outcome.failure)
        #expect(failure.type == .targetError)
        #expect(failure.message.hasPrefix("cannot reach \(url.absoluteString): transport failure: "))
        #expect(failure.message.contains("(GET \(url.absoluteString)/internal/info)"))
        #expect(failure.location == "\(ScenarioText.defaultPath):1")
    }

    /// The endpoint goes away in the middle of a run: the next scenario's first request fails, and that
    /// scenario errs at that step with the request named.
    @Test func anEndpointThatGoesAwayErrsTheStepNamingTheRequest() throws {
        let (server, url) = try Self.serve()
        let target = HTTPTarget(baseURL: url, requestTimeout: 60)
        let text = try ScenarioText(ScenarioText.steps("- getMetadata: a/b.txt\n  expect: { error: objectNotFound }"))
        expectPassed(try text.runOnly(on: target))
        server.stop()
        let report = try text.runOnly(on: target)
        #expect(report.outcome.kind == "errored")
        let failure = try #require(report.outcome.failure)
        #expect(failure.type == .transportError)
        #expect(failure.message.contains("GET \(url.absoluteString)/v0/b/"))
        #expect(failure.location == "\(ScenarioText.defaultPath):3:5")
    }

    /// Without the rules endpoint, a scenario with rules is skipped, saying why.
    @Test func rulesWithoutTheRulesEndpointSkipTheScenario() throws {
        let service = ReferenceBackend()
        let server = StorageServer(
            backend: service, configuration: HTTPServerConfiguration(port: 0), administration: nil)
        let port = try server.start()
        defer { server.stop() }
        let target = HTTPTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 60)
        let reports = try ScenarioText(Self.scenarios).run(on: target)
        guard case .skipped(let reason) = reports[2].outcome else {
            Issue.record("expected a skip, got \(reports[2].outcome.kind)")
            return
        }
        #expect(reason.hasPrefix("the target takes no rules ("))
        #expect(reports[0].outcome == .passed)
    }
}

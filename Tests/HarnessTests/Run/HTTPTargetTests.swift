import FirebaseV0
import Foundation
import HTTPCore
import Harness
import Primitives
import ReferenceService
import ScenarioLanguage
import SecurityRules
import StorageAPI
import StorageSDK
import StorageServer
import Targets
import Testing
import YAMLReader

@Suite struct HTTPTargetTests {
    private func scenario(_ id: String = "wire/http-target") -> Scenario {
        Scenario(name: "http target", id: id, location: SourceLocation(line: 1, column: 1, offset: 0), steps: [])
    }

    /// A server over a fresh service, with or without the rules endpoints.
    private func serve(administration: Bool = true) throws -> (
        server: StorageServer, service: ReferenceBackend, url: URL
    ) {
        let service = ReferenceBackend()
        let server = StorageServer(
            backend: service, configuration: HTTPServerConfiguration(port: 0),
            administration: administration ? service : nil)
        let port = try server.start()
        return (server, service, try #require(URL(string: "http://127.0.0.1:\(port)")))
    }

    @Test func sessionsGetTheirOwnBucketAndTheEndpointsHost() throws {
        let (server, _, url) = try serve()
        defer { server.stop() }
        let target = HTTPTarget(baseURL: url, requestTimeout: 60, nonce: "abc123")
        #expect(target.name == url.absoluteString)
        #expect(target.kind == .http)
        let session = try target.openSession(for: scenario())
        defer { session.close() }
        #expect(session.storage.bucket == ScenarioBucket.name(for: "wire/http-target", suffix: "-abc123"))
        #expect(session.storage.host == url.absoluteString)
        let trailing = HTTPTarget(baseURL: try #require(URL(string: url.absoluteString + "/")))
        #expect(trailing.name == url.absoluteString)
    }

    @Test func everyRunHasItsOwnNonce() {
        let nonces = (0..<20).map { _ in HTTPTarget.randomNonce() }
        #expect(Set(nonces).count > 1)
        for nonce in nonces {
            #expect(nonce.count == 6)
            #expect(nonce.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) })
        }
    }

    @Test func seedStoresRawNamesWithTheirMetadata() throws {
        let (server, service, url) = try serve()
        defer { server.stop() }
        let session = try HTTPTarget(baseURL: url, requestTimeout: 60).openSession(for: scenario())
        let bucket = session.storage.bucket
        try session.seed(
            name: "wrongPrefix//sadItem", data: Data("sad".utf8), metadata: ObjectMetadataFields(),
            stamps: FixedStamps())
        try session.seed(
            name: "images/stars.jpg", data: Data("*".utf8),
            metadata: ObjectMetadataFields(
                cacheControl: "no-store", contentType: "image/jpeg", customMetadata: ["by": "seed"]),
            stamps: FixedStamps())
        let sad = try service.readObject(
            ReadRequest(object: ObjectAddress(bucket: bucket, name: "wrongPrefix//sadItem")))
        #expect(sad.data == Data("sad".utf8))
        let stars = try service.getMetadata(ObjectAddress(bucket: bucket, name: "images/stars.jpg"))
        #expect(stars.contentType == "image/jpeg")
        #expect(stars.cacheControl == "no-store")
        #expect(stars.customMetadata == ["by": "seed"])
        let metadata = try session.storage.reference(withPath: "images/stars.jpg").getMetadata()
        #expect(metadata.size == 1)
        #expect(throws: TargetFailure.self) {
            try session.seed(name: "", data: Data(), metadata: ObjectMetadataFields(), stamps: FixedStamps())
        }
    }

    @Test func rulesGoToSetRulesForTheScenariosBucketOnly() throws {
        let (server, service, url) = try serve()
        defer { server.stop() }
        let target = HTTPTarget(baseURL: url, requestTimeout: 60)
        let session = try target.openSession(for: scenario())
        let rules = StorageRules(entries: [
            .init(path: "ios/public/**", operations: [.read, .write, .list], requiresSignIn: true)
        ])
        try session.applyRules(ScenarioRules(rules))
        #expect(service.rules(for: session.storage.bucket)?.source.text == rules.source)
        #expect {
            try session.storage.reference(withPath: "ios/public/x").getMetadata()
        } throws: { error in
            (error as? StorageError)?.code == .unauthorized
        }
        // Rules per bucket: a scenario running beside it is not touched, and nothing waits for anything.
        let other = try target.openSession(for: scenario("wire/other"))
        #expect(service.rules(for: other.storage.bucket) == nil)
        other.close()
        session.close()
    }

    @Test func withoutTheRulesFeatureRulesAreUnsupported() throws {
        let (server, _, url) = try serve(administration: false)
        defer { server.stop() }
        let session = try HTTPTarget(baseURL: url, requestTimeout: 60).openSession(for: scenario())
        #expect {
            try session.applyRules(ScenarioRules(.allowAll))
        } throws: { error in
            guard case .unsupported(let reason)? = error as? TargetFailure else { return false }
            return reason.hasPrefix("the target takes no rules (") && reason.contains("PUT /internal/setRules")
        }
    }

    @Test func anEndpointWithoutInternalRoutesIsUnsupportedToo() throws {
        let other = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { _ in
            HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
        }
        let port = try other.start()
        defer { other.stop() }
        let session = try HTTPTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 60)
            .openSession(for: scenario())
        #expect {
            try session.applyRules(ScenarioRules(.allowAll))
        } throws: { error in
            guard case .unsupported(let reason)? = error as? TargetFailure else { return false }
            return reason.contains("404")
        }
    }

    /// The Firebase emulator's admin API: no `/internal/info`, and `PUT /internal/setRules` applies one file to
    /// every bucket. A stand-in records what it is sent.
    @Test func onAnEndpointWithGlobalRulesARulesScenarioRunsAloneAndAllowAllComesBack() throws {
        let received = Locked<[String]>([])
        let emulator = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            guard request.method == "PUT", request.path == "/internal/setRules" else {
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
            }
            guard let files = try? RulesFilesJSON.decode(request.body) else {
                return HTTPResponse(
                    status: 400, headers: ["Content-Type": "application/json"],
                    body: Data(#"{"message":"Request body must include 'rules.files' array"}"#.utf8))
            }
            received.withLock { $0.append(contentsOf: files.map(\.source.name)) }
            return HTTPResponse(
                status: 200, headers: ["Content-Type": "application/json"],
                body: Data(#"{"message":"Rules updated successfully"}"#.utf8))
        }
        let port = try emulator.start()
        defer { emulator.stop() }
        let target = HTTPTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 5)
        var ruled = scenario("wire/ruled")
        ruled.given.rules = ScenarioRules(form: .inline, source: RulesSource(name: "mine.rules", text: "x"))
        let session = try target.openSession(for: ruled)
        #expect(received.withLock { $0 } == ["allow-all.rules"])
        try session.applyRules(try #require(ruled.given.rules))
        #expect(received.withLock { $0 } == ["allow-all.rules", "mine.rules"])

        // A scenario without rules waits until the rules scenario is over.
        let events = Locked<[String]>([])
        let started = DispatchSemaphore(value: 0)
        let opened = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            started.signal()
            if let plain = try? target.openSession(for: self.scenario("wire/plain")) {
                events.withLock { $0.append("plain opened") }
                plain.close()
            }
            opened.signal()
        }
        started.wait()
        #expect(opened.wait(timeout: .now() + 0.3) == .timedOut)
        events.withLock { $0.append("ruled closing") }
        session.close()
        #expect(opened.wait(timeout: .now() + 20) == .success)
        #expect(events.withLock { $0 } == ["ruled closing", "plain opened"])
        #expect(received.withLock { $0 } == ["allow-all.rules", "mine.rules", "allow-all.rules"])
    }

    @Test func anUnreachableEndpointFailsTheSession() throws {
        let (server, _, url) = try serve()
        server.stop()
        let target = HTTPTarget(baseURL: url, requestTimeout: 60)
        #expect {
            try target.openSession(for: scenario())
        } throws: { error in
            guard case .failed(let reason)? = error as? TargetFailure else { return false }
            return reason.hasPrefix("cannot reach \(url.absoluteString): ")
        }
    }
}

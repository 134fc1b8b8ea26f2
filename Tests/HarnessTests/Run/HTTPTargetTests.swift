import Foundation
import HTTPCore
import Harness
import ReferenceService
import ScenarioLanguage
import StorageAPI
import StorageSDK
import StorageServer
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
        let target = HTTPTarget(baseURL: url, requestTimeout: 5, nonce: "abc123")
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
        let session = try HTTPTarget(baseURL: url, requestTimeout: 5).openSession(for: scenario())
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

    @Test func rulesGoToTheServersRulesEndpoint() throws {
        let (server, service, url) = try serve()
        defer { server.stop() }
        let session = try HTTPTarget(baseURL: url, requestTimeout: 5).openSession(for: scenario())
        let rules = StorageRules(entries: [
            .init(path: "ios/public/**", operations: [.read, .write, .list], requiresSignIn: true)
        ])
        try session.applyRules(rules)
        #expect(service.rules(for: session.storage.bucket) == rules)
        #expect {
            try session.storage.reference(withPath: "ios/public/x").getMetadata()
        } throws: { error in
            (error as? StorageError)?.code == .unauthorized
        }
    }

    @Test func withoutTheRulesFeatureRulesAreUnsupported() throws {
        let (server, _, url) = try serve(administration: false)
        defer { server.stop() }
        let session = try HTTPTarget(baseURL: url, requestTimeout: 5).openSession(for: scenario())
        #expect {
            try session.applyRules(.allowAll)
        } throws: { error in
            guard case .unsupported(let reason)? = error as? TargetFailure else { return false }
            return reason.hasPrefix("the target has no rules endpoint (")
        }
    }

    @Test func anEndpointWithoutInternalRoutesIsUnsupportedToo() throws {
        let other = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { _ in
            HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
        }
        let port = try other.start()
        defer { other.stop() }
        let session = try HTTPTarget(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 5)
            .openSession(for: scenario())
        #expect {
            try session.applyRules(.allowAll)
        } throws: { error in
            guard case .unsupported(let reason)? = error as? TargetFailure else { return false }
            return reason.contains("404")
        }
    }

    @Test func anUnreachableEndpointFailsTheSession() throws {
        let (server, _, url) = try serve()
        server.stop()
        let target = HTTPTarget(baseURL: url, requestTimeout: 5)
        #expect {
            try target.openSession(for: scenario())
        } throws: { error in
            guard case .failed(let reason)? = error as? TargetFailure else { return false }
            return reason.hasPrefix("cannot reach \(url.absoluteString): ")
        }
    }
}

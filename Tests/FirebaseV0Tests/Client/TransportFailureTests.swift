import FirebaseV0
import Foundation
import StorageAPI
import TestSupport
import Testing

@Suite struct TransportFailureTests {
    private let object = ObjectAddress(bucket: "bkt", name: "dir/x")

    /// A port that was just free: nothing listens there.
    private func closedPort() throws -> Int {
        let server = try MisbehavingServer(.hang)
        let port = server.port
        server.close()
        return port
    }

    @Test func aClosedPortIsATransportFailureNamingTheRequest() throws {
        let port = try closedPort()
        let backend = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 60)
        #expect {
            try backend.getMetadata(object)
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .transport && error.request == "GET http://127.0.0.1:\(port)/v0/b/bkt/o/dir%2Fx"
        }
        #expect {
            try backend.uploadChunk(
                session: "http://127.0.0.1:\(port)/v0/b/bkt/o?upload_id=1", offset: 0, data: Data("a".utf8),
                finalize: true)
        } throws: { error in
            (error as? BackendError)?.request?.hasPrefix("PUT http://127.0.0.1:\(port)/v0/b/bkt/o?upload_id=1") == true
        }
    }

    @Test func garbageIsAMalformedResponse() throws {
        let server = try MisbehavingServer(.reply(Array("garbage that is not HTTP at all\r\n\r\n".utf8)))
        defer { server.close() }
        let backend = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: 60)
        #expect {
            try backend.list(ListRequest(bucket: "bkt"))
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .malformedResponse && error.request?.hasPrefix("GET http://127.0.0.1:") == true
        }
    }

    @Test func aWellFormedAnswerOutsideTheProtocolIsMalformed() throws {
        let body = "<html>hello</html>"
        let server = try MisbehavingServer(
            .reply(
                Array("HTTP/1.1 200 OK\r\nContent-Length: \(body.utf8.count)\r\nConnection: close\r\n\r\n\(body)".utf8))
        )
        defer { server.close() }
        let backend = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: 60)
        #expect {
            try backend.getMetadata(object)
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .malformedResponse
                && error.request == "GET http://127.0.0.1:\(server.port)/v0/b/bkt/o/dir%2Fx"
        }
        #expect {
            try backend.startUpload(UploadStart(object: object))
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .malformedResponse && error.message.contains("X-Goog-Upload-Status")
        }
    }

    @Test func aServerThatHangsTimesOutAsATransportFailure() throws {
        let server = try MisbehavingServer(.hang)
        defer { server.close() }
        let backend = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: 1)
        #expect {
            try backend.deleteObject(object)
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .transport
                && error.request == "DELETE http://127.0.0.1:\(server.port)/v0/b/bkt/o/dir%2Fx"
        }
    }

    @Test func aSessionThatIsNoURLIsAnUnknownSession() throws {
        let backend = FirebaseV0Client(baseURL: try #require(URL(string: "http://127.0.0.1:1")), requestTimeout: 1)
        #expect(throws: BackendError.self) { try backend.queryUpload(session: "not a url") }
        #expect {
            try backend.cancelUpload(session: "ftp://example/x")
        } throws: { error in
            (error as? BackendError)?.status == 404
        }
    }
}

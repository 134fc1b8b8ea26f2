import FirebaseV0
import Foundation
import StorageAPI
import StorageServer
import TestSupport
import Testing

/// The plain-HTTP client under the v0 backend, through `FirebaseV0Client.serverInfo()`, against servers that
/// answer in every way HTTP/1.1 allows.
@Suite struct SocketClientTests {
    private static let info = #"{"server":"storage-conformance","version":"9","features":["rules","reset"]}"#
    private static let expected = ServerInfo(server: "storage-conformance", version: "9", features: ["rules", "reset"])

    private func backend(_ server: MisbehavingServer, timeout: TimeInterval = 60) throws -> FirebaseV0Client {
        FirebaseV0Client(baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: timeout)
    }

    private static func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func aChunkedAnswerIsReassembled() throws {
        let body = Self.info.utf8.map { $0 }
        let half = body.count / 2
        let chunked =
            "HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nTransfer-Encoding: chunked\r\n\r\n"
            + String(half, radix: 16) + ";ext=1\r\n" + String(decoding: body[..<half], as: UTF8.self) + "\r\n"
            + String(body.count - half, radix: 16) + "\r\n" + String(decoding: body[half...], as: UTF8.self) + "\r\n"
            + "0\r\nX-Trailer: t\r\n\r\n"
        let server = try MisbehavingServer(.reply(Self.bytes(chunked)))
        defer { server.close() }
        #expect(try backend(server).serverInfo() == Self.expected)
    }

    @Test func anInterimContinueIsSkipped() throws {
        let answer =
            "HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 200 OK\r\nContent-Length: \(Self.info.utf8.count)\r\n\r\n\(Self.info)"
        let server = try MisbehavingServer(.reply(Self.bytes(answer)))
        defer { server.close() }
        #expect(try backend(server).serverInfo() == Self.expected)
    }

    @Test func aBodyWithoutLengthEndsWithTheConnection() throws {
        let server = try MisbehavingServer(
            .reply(Self.bytes("HTTP/1.0 200 OK\nContent-Type: application/json\n\n\(Self.info)")))
        defer { server.close() }
        #expect(try backend(server).serverInfo() == Self.expected)
    }

    @Test func anAnswerThatArrivesInPiecesIsWhole() throws {
        let answer = Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: \(Self.info.utf8.count)\r\n\r\n\(Self.info)")
        let pieces = stride(from: 0, to: answer.count, by: 7).map { Array(answer[$0..<min($0 + 7, answer.count)]) }
        let server = try MisbehavingServer(.trickle(pieces))
        defer { server.close() }
        #expect(try backend(server).serverInfo() == Self.expected)
    }

    /// The server keeps nothing open after each answer, although it says keep-alive: the client must notice
    /// the closed idle connection and use a new one, every time.
    @Test func aKeepAliveConnectionTheServerClosedIsReplaced() throws {
        let server = try MisbehavingServer(
            .reply(Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: \(Self.info.utf8.count)\r\n\r\n\(Self.info)")))
        defer { server.close() }
        let backend = try backend(server)
        for _ in 0..<5 { #expect(try backend.serverInfo() == Self.expected) }
    }

    /// A connection that ends partway through a body of known length is a dropped connection (retried, as
    /// the SDK retries any request that got no whole answer), not a malformed answer.
    @Test func anAnswerCutShortIsATransportFailure() throws {
        let server = try MisbehavingServer(
            .reply(Self.bytes("HTTP/1.1 200 OK\r\nContent-Length: 500\r\n\r\n{\"server\"")))
        defer { server.close() }
        #expect {
            try backend(server).serverInfo()
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .transport && error.message.contains("ended after 9 of 500 body bytes")
        }
    }

    /// A media answer cut short keeps the bytes that arrived, so a download asks only for the rest.
    @Test func aDownloadCutShortKeepsTheBytesThatArrived() throws {
        let server = try MisbehavingServer(
            .reply(
                Self.bytes(
                    "HTTP/1.1 206 Partial Content\r\nContent-Range: bytes 0-9/10\r\nContent-Length: 10\r\n\r\nabcd")))
        defer { server.close() }
        let read = ReadRequest(object: ObjectAddress(bucket: "b", name: "o"), offset: 0, length: 10)
        #expect {
            try backend(server).readObject(read)
        } throws: { error in
            guard let error = error as? BackendError, let partial = error.partialRead else { return false }
            return error.kind == .transport && partial.data == Data("abcd".utf8) && partial.totalSize == 10
        }
    }

    @Test func aBadChunkSizeIsMalformed() throws {
        let server = try MisbehavingServer(
            .reply(Self.bytes("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nzz\r\n")))
        defer { server.close() }
        #expect {
            try backend(server).serverInfo()
        } throws: { error in
            (error as? BackendError)?.kind == .malformedResponse
        }
    }

    @Test func aSilentServerTimesOutNamingTheWait() throws {
        let server = try MisbehavingServer(.hang)
        defer { server.close() }
        #expect {
            try backend(server, timeout: 0.3).serverInfo()
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .transport && error.message == "no answer within 0.3 s"
        }
    }

    @Test func aRefusedConnectionSaysSo() throws {
        let server = try MisbehavingServer(.hang)
        let port = server.port
        server.close()
        let backend = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 2)
        #expect {
            try backend.serverInfo()
        } throws: { error in
            guard let error = error as? BackendError else { return false }
            return error.kind == .transport && error.message.hasPrefix("cannot connect: Connection refused")
        }
    }
}

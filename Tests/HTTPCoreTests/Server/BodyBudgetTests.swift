import Foundation
import HTTPCore
import TestSupport
import Testing

/// The body policy: a route's own limit for bodies received whole, and the budget of such bodies held at once
/// across connections.
@Suite struct BodyBudgetTests {
    private func withServer(
        _ configuration: HTTPServerConfiguration, limit: (@Sendable (HTTPRequest) -> Int?)? = nil,
        _ body: (Int) throws -> Void
    ) throws {
        let server = HTTPServer(
            configuration: configuration, handler: EchoHandler.respond, bufferedBodyLimit: limit,
            errorResponder: jsonErrorResponse)
        let port = try server.start()
        defer { server.stop() }
        try body(port)
    }

    private func put(_ path: String, length: Int, sending count: Int? = nil) -> [UInt8] {
        Array("PUT \(path) HTTP/1.1\r\nHost: h\r\nContent-Length: \(length)\r\n\r\n".utf8)
            + [UInt8](repeating: 0x61, count: count ?? length)
    }

    @Test func aRouteLimitRefusesALargerBodyBeforeReadingIt() throws {
        try withServer(.forTests, limit: { $0.path == "/small" ? 10 : nil }) { port in
            let fits = try RawClient(port: port)
            try fits.send(put("/small", length: 10))
            #expect(try fits.readResponse().status == 200)

            let refused = try RawClient(port: port)
            try refused.send(put("/small", length: 11, sending: 0))
            let answer = try refused.readResponse()
            #expect(answer.status == 413)
            #expect(refused.serverClosed())

            let chunked = try RawClient(port: port)
            try chunked.send(
                "PUT /small HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nb\r\nhello world\r\n0\r\n\r\n")
            #expect(try chunked.readResponse().status == 413)

            let other = try RawClient(port: port)
            try other.send(put("/other", length: 11))
            #expect(try other.readResponse().status == 200)
        }
    }

    @Test func bodiesPastTheBudgetAre503AndTheBudgetComesBack() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.bodyBudgetBytes = 100_000 }
        try withServer(configuration) { port in
            let tooLarge = try RawClient(port: port)
            try tooLarge.send(put("/", length: 100_001, sending: 0))
            #expect(try tooLarge.readResponse().status == 413)

            // The first client's body holds 90,000 bytes of the budget while it is half sent.
            let first = try RawClient(port: port)
            try first.send(put("/", length: 90_000, sending: 80_000))
            Thread.sleep(forTimeInterval: 0.3)

            let second = try RawClient(port: port)
            try second.send(put("/", length: 50_000))
            let refused = try second.readResponse()
            #expect(refused.status == 503)
            #expect(refused.errorMessage?.contains("retry later") == true)

            try first.send([UInt8](repeating: 0x61, count: 10_000))
            let answered = try first.readResponse()
            #expect(answered.status == 200)
            #expect(answered.headers["X-Body-Length"] == "90000")

            let again = try RawClient(port: port)
            try again.send(put("/", length: 50_000))
            #expect(try again.readResponse().status == 200)
        }
    }
}

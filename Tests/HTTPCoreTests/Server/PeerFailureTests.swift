import Foundation
import HTTPCore
import TestSupport
import Testing

/// Peers that vanish at awkward moments must cost the server nothing but that connection.
@Suite struct PeerFailureTests {
    private static let large = Data(count: 32 * 1024 * 1024)

    @Test func clientVanishingDuringALargeResponseDoesNotHurtTheServer() throws {
        try withServer(handler: { request in
            request.path == "/large" ? HTTPResponse(status: 200, body: Self.large) : EchoHandler.respond(request)
        }) { server, port in
            for _ in 0..<3 {
                let client = try RawClient(port: port)
                try client.send(get("/large"))
                // Closing with the response unread resets the connection while the server is still writing:
                // without MSG_NOSIGNAL the resulting SIGPIPE would kill this test process.
                client.close()
            }
            #expect(eventually { server.openConnectionCount == 0 })
            let survivor = try RawClient(port: port)
            try survivor.send(get("/still-alive"))
            #expect(try survivor.readResponse().headers["X-Path"] == "/still-alive")
        }
    }

    @Test func clientVanishingMidHeadOrBodyIsForgotten() throws {
        try withServer { server, port in
            let midHead = try RawClient(port: port)
            try midHead.send("GET / HTTP/1.1\r\nHo")
            let midBody = try RawClient(port: port)
            try midBody.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 100000\r\n\r\nabc")
            #expect(eventually { server.openConnectionCount == 2 })
            midHead.close()
            midBody.close()
            #expect(eventually { server.openConnectionCount == 0 })
        }
    }
}

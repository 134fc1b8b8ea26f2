import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite struct MalformedRequestTests {
    @Test(arguments: [
        "GET\r\n\r\n",
        "GET /\r\nHost: h\r\n\r\n",
        "GET  / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1 extra\r\nHost: h\r\n\r\n",
        "G(T / HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET relative HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /a#frag HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET /\u{7F} HTTP/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/x.y\r\nHost: h\r\n\r\n",
        "GET / http/1.1\r\nHost: h\r\n\r\n",
        "GET / HTTP/1.1\rHost: h\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX-Folded: a\r\n  continued\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX-Nul: a\u{0}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX-Ctl: a\u{1B}b\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX-Bare-CR: a\rb\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nX-Space : v\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\n: no name\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: h\r\nno colon\r\n\r\n",
        "GET / HTTP/1.1\r\n\r\n",
        "GET / HTTP/1.1\r\nHost: a\r\nHost: b\r\n\r\n",
    ])
    func malformedRequestsAre400ThenClose(request: String) throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.status == 400)
            #expect(response.errorCode == 400)
            #expect(response.headers["Connection"] == "close")
            #expect(client.serverClosed())
        }
    }

    /// A header name is a token: letters, digits and ``!#$%&'*+-.^_`|~``; any other byte in it is refused.
    @Test func headerNamesTakeExactlyTheTokenCharacters() throws {
        let tokenExtras = Set("!#$%&'*+-.^_`|~".utf8)
        try withServer { _, port in
            for byte in UInt8(0)...UInt8(255) where byte != UInt8(ascii: ":") && byte != 0x0A && byte != 0x0D {
                let isToken =
                    (byte < 0x80
                        && (Character(Unicode.Scalar(byte)).isLetter || Character(Unicode.Scalar(byte)).isNumber))
                    || tokenExtras.contains(byte)
                let client = try RawClient(port: port)
                try client.send(Array("GET / HTTP/1.1\r\nHost: h\r\nX".utf8) + [byte] + Array("Y: v\r\n\r\n".utf8))
                #expect(try client.readResponse().status == (isToken ? 200 : 400), "byte \(byte)")
            }
        }
    }

    @Test(arguments: ["HTTP/2.0", "HTTP/0.9", "HTTP/1.2", "HTTP/3.0"])
    func unsupportedVersionsAre505(version: String) throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("GET / \(version)\r\nHost: h\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 505)
            #expect(response.errorCode == 505)
            #expect(client.serverClosed())
        }
    }

    @Test func obsoleteTextInValuesIsKept() throws {
        let seen = SharedValue<String>()
        try withServer(handler: { request in
            seen.set(request.headers["X-Latin"] ?? "")
            return HTTPResponse(status: 200)
        }) { _, port in
            let client = try RawClient(port: port)
            try client.send(Array("GET / HTTP/1.1\r\nHost: h\r\nX-Latin: caf".utf8) + [0xE9] + Array("\r\n\r\n".utf8))
            #expect(try client.readResponse().status == 200)
            #expect(seen.get() == "café")
        }
    }

    @Test func peerClosingMidRequestIsNotAnswered() throws {
        let handled = SharedValue<Bool>()
        try withServer(handler: { _ in
            handled.set(true)
            return HTTPResponse(status: 200)
        }) { server, port in
            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 100\r\n\r\npartial")
            client.shutdownWrite()
            #expect(try client.readToEnd().isEmpty)
            #expect(eventually { server.openConnectionCount == 0 })
            #expect(handled.get() == nil)
        }
    }
}

import Foundation
import HTTPCore
import TestSupport
import Testing

/// Plain request/response exchanges over a real loopback socket.
@Suite struct ExchangeTests {
    @Test func getIsAnsweredWithBodyDateAndLength() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/v0/b/x/o/a%2Fb?alt=media"))
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.reason == "OK")
            #expect(response.text == "hello")
            #expect(response.headers["Content-Length"] == "5")
            #expect(response.headers["Date"]?.hasSuffix(" GMT") == true)
            #expect(response.headers["Connection"] == nil)
            #expect(response.headers["X-Method"] == "GET")
            #expect(response.headers["X-Target"] == "/v0/b/x/o/a%2Fb?alt=media")
            #expect(response.headers["X-Path"] == "/v0/b/x/o/a%2Fb")
            #expect(response.headers["X-Query"] == "alt=media")
            #expect(response.headers["X-Version"] == "HTTP/1.1")
            #expect(response.headers["X-Remote"]?.hasPrefix("127.0.0.1:") == true)
        }
    }

    @Test func headersReachTheHandlerInOrderWithDuplicates() throws {
        let seen = SharedValue<HTTPHeaders>()
        try withServer(handler: { request in
            seen.set(request.headers)
            return HTTPResponse(status: 204)
        }) { _, port in
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\nX-Dup: 1\r\nx-dup:2\r\nX-Space:   padded value \t\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 204)
            #expect(response.headers["Content-Length"] == nil)
            let headers = try #require(seen.get())
            #expect(headers.map(\.name) == ["Host", "X-Dup", "x-dup", "X-Space"])
            #expect(headers.values(for: "X-DUP") == ["1", "2"])
            #expect(headers["x-space"] == "padded value")
        }
    }

    @Test func bareLineFeedsAreAccepted() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("GET /lf HTTP/1.1\nHost: h\nX-A: b\n\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["X-Path"] == "/lf")
        }
    }

    @Test func leadingEmptyLinesBeforeTheRequestLineAreSkipped() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("\r\n\r\n" + get("/after-blank"))
            #expect(try client.readResponse().headers["X-Path"] == "/after-blank")
        }
    }

    @Test func absoluteFormAndAsteriskTargets() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("GET http://localhost:9199/x/y?z=1 HTTP/1.1\r\nHost: localhost\r\n\r\n")
            let absolute = try client.readResponse()
            #expect(absolute.headers["X-Path"] == "/x/y")
            #expect(absolute.headers["X-Query"] == "z=1")
            try client.send("OPTIONS * HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse().headers["X-Path"] == "*")
        }
    }

    @Test func http10ClosesAfterTheResponse() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("GET /old HTTP/1.0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["X-Version"] == "HTTP/1.0")
            #expect(response.headers["Connection"] == "close")
            #expect(client.serverClosed())
        }
    }

    @Test func http10KeepAliveKeepsTheConnection() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            for index in 0..<2 {
                try client.send("GET /\(index) HTTP/1.0\r\nConnection: keep-alive\r\n\r\n")
                let response = try client.readResponse()
                #expect(response.headers["Connection"] == "keep-alive")
                #expect(response.headers["X-Path"] == "/\(index)")
            }
        }
    }

    @Test func statusesGetTheirReasonPhrases() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            for (status, reason) in [(404, "Not Found"), (503, "Service Unavailable"), (299, "Success")] {
                try client.send(get("/status/\(status)"))
                let response = try client.readResponse()
                #expect(response.status == status)
                #expect(response.reason == reason)
            }
        }
    }

    @Test func handlerFramingHeadersAreReplacedByTheCore() throws {
        try withServer(handler: { _ in
            HTTPResponse(
                status: 200,
                headers: [
                    "Content-Length": "999", "Transfer-Encoding": "chunked", "Connection": "keep-alive",
                    "Date": "custom",
                ],
                body: Data("abc".utf8))
        }) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/"))
            let response = try client.readResponse()
            #expect(response.headers.values(for: "Content-Length") == ["3"])
            #expect(response.headers["Transfer-Encoding"] == nil)
            #expect(response.headers["Connection"] == nil)
            #expect(response.headers["Date"] == "custom")
            #expect(response.text == "abc")
        }
    }

    @Test func invalidHandlerResponsesBecome500() throws {
        try withServer(handler: { request in
            request.path == "/status"
                ? HTTPResponse(status: 42)
                : HTTPResponse(status: 200, headers: ["X-Evil": "a\r\nInjected: yes"])
        }) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/header"))
            let header = try client.readResponse()
            #expect(header.status == 500)
            #expect(header.headers["Injected"] == nil)
            #expect(header.errorCode == 500)
            try client.send(get("/status"))
            #expect(try client.readResponse().status == 500)
        }
    }

    @Test func logReportsEachExchange() throws {
        let recorder = LogRecorder()
        try withServer(log: recorder.record) { _, port in
            let client = try RawClient(port: port)
            try client.send("POST /upload?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nbody")
            let response = try client.readResponse()
            #expect(response.status == 200)
            try client.send("BROKEN\r\n\r\n")
            #expect(try client.readResponse().status == 400)
            #expect(eventually { recorder.all.count == 2 })
            let lines = recorder.all
            let first = try #require(lines.first)
            #expect(first.method == "POST")
            #expect(first.target == "/upload?x=1")
            #expect(first.status == 200)
            #expect(
                first.requestBytes == "POST /upload?x=1 HTTP/1.1\r\nHost: h\r\nContent-Length: 4\r\n\r\nbody".utf8.count
            )
            #expect(first.responseBytes > 4)
            #expect(first.remoteAddress.hasPrefix("127.0.0.1:"))
            #expect(lines.last?.status == 400)
            #expect(lines.last?.method == "")
        }
    }
}

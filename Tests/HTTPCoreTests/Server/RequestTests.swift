import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite struct RequestTests {
    @Test func splitsTargetIntoRawPathAndQuery() {
        let request = HTTPRequest(target: "/v0/b/x/o/a%2Fb?alt=media&token=t")
        #expect(request.path == "/v0/b/x/o/a%2Fb")
        #expect(request.query == "alt=media&token=t")
        #expect(HTTPRequest(target: "/a").query == nil)
        #expect(HTTPRequest(target: "/a?").query == "")
        #expect(HTTPRequest(target: "http://example.com:9199/x/y?z=1").path == "/x/y")
        #expect(HTTPRequest(target: "http://example.com").path == "/")
        #expect(HTTPRequest(target: "*").path == "*")
    }

    /// The core has no API's error shape: plain text by default, the responder's shape when given one.
    @Test func coreErrorsTakeTheResponderShape() throws {
        let malformed = "GET / HTTP/1.1\r\nHost: h\r\nBad Header\r\n\r\n"
        let plain = HTTPServer(configuration: .forTests) { _ in HTTPResponse(status: 200) }
        let plainPort = try plain.start()
        defer { plain.stop() }
        let client = try RawClient(port: plainPort)
        try client.send(malformed)
        let answer = try client.readResponse()
        #expect(answer.status == 400)
        #expect(answer.headers["Content-Type"] == "text/plain; charset=utf-8")
        let shaped = HTTPServer(
            configuration: .forTests, handler: { _ in HTTPResponse(status: 200) },
            errorResponder: { status, message in
                HTTPResponse(
                    status: status, headers: ["Content-Type": "application/problem+json"], body: Data(message.utf8))
            })
        let shapedPort = try shaped.start()
        defer { shaped.stop() }
        let other = try RawClient(port: shapedPort)
        try other.send(malformed)
        let shapedAnswer = try other.readResponse()
        #expect(shapedAnswer.status == 400)
        #expect(shapedAnswer.headers["Content-Type"] == "application/problem+json")
    }

    @Test func reasonPhrases() {
        #expect(HTTPReasonPhrase.phrase(for: 200) == "OK")
        #expect(HTTPReasonPhrase.phrase(for: 431) == "Request Header Fields Too Large")
        #expect(HTTPReasonPhrase.phrase(for: 499) == "Client Error")
        #expect(HTTPReasonPhrase.phrase(for: 599) == "Server Error")
    }
}

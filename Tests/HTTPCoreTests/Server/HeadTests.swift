import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite struct HeadTests {
    @Test(arguments: LoopMode.allCases) func headGetsTheLengthOfTheBodyButNoBody(mode: LoopMode) throws {
        try withServer(answersOnLoop: mode.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            try client.send("HEAD /bytes/1234 HTTP/1.1\r\nHost: h\r\n\r\n" + get("/after"))
            let head = try client.readResponse(bodyless: true)
            #expect(head.status == 200)
            #expect(head.headers["X-Method"] == "HEAD")
            #expect(head.headers["Content-Length"] == "1234")
            // The next response starts right away: no body bytes were sent for HEAD.
            let next = try client.readResponse()
            #expect(next.headers["X-Path"] == "/after")
            #expect(next.text == "hello")
        }
    }

    @Test func handlerMayDeclareTheLengthForAnEmptyHeadBody() throws {
        try withServer(handler: { _ in HTTPResponse(status: 200, headers: ["Content-Length": "77"]) }) { _, port in
            let client = try RawClient(port: port)
            try client.send("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n")
            let head = try client.readResponse(bodyless: true)
            #expect(head.headers.values(for: "Content-Length") == ["77"])
            try client.send("HEAD / HTTP/1.1\r\nHost: h\r\n\r\n")
            #expect(try client.readResponse(bodyless: true).status == 200)
            #expect(client.unreadBytes.isEmpty)
        }
    }

    @Test func noContentAndNotModifiedCarryNoBody() throws {
        try withServer(handler: { request in
            HTTPResponse(status: request.path == "/204" ? 204 : 304, body: Data("ignored".utf8))
        }) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/204") + get("/304"))
            let noContent = try client.readResponse()
            #expect(noContent.status == 204)
            #expect(noContent.headers["Content-Length"] == nil)
            let notModified = try client.readResponse()
            #expect(notModified.status == 304)
            #expect(client.unreadBytes.isEmpty)
        }
    }
}

import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite struct LimitTests {
    private func expectRefusal(_ response: RawResponse, status: Int, client: RawClient) {
        #expect(response.status == status)
        #expect(response.errorCode == status)
        #expect(response.errorMessage?.isEmpty == false)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(response.headers["Connection"] == "close")
        #expect(client.serverClosed())
    }

    @Test func overlongRequestLineIs414() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxRequestLineBytes = 100 }
        try withServer(configuration) { _, port in
            let fits = try RawClient(port: port)
            let path = "/" + String(repeating: "a", count: 100 - "GET  HTTP/1.1".count - 1)
            try fits.send(get(path))
            #expect(try fits.readResponse().status == 200)

            let client = try RawClient(port: port)
            try client.send(get(path + "b"))
            expectRefusal(try client.readResponse(), status: 414, client: client)
        }
    }

    @Test func requestLineWithoutEndIs414AsSoonAsItPassesTheLimit() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxRequestLineBytes = 100 }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("GET /" + String(repeating: "a", count: 200))
            expectRefusal(try client.readResponse(), status: 414, client: client)
        }
    }

    @Test func tooManyHeaderBytesIs431() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxHeaderBytes = 200 }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/", headers: "X-Big: \(String(repeating: "v", count: 300))\r\n"))
            expectRefusal(try client.readResponse(), status: 431, client: client)
        }
    }

    @Test func unterminatedHugeHeaderIs431() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxHeaderBytes = 1000 }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nX-Big: " + String(repeating: "v", count: 5000))
            expectRefusal(try client.readResponse(), status: 431, client: client)
        }
    }

    @Test func tooManyHeadersIs431() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxHeaderCount = 5 }
        try withServer(configuration) { _, port in
            let fits = try RawClient(port: port)
            try fits.send(get("/", headers: (1...4).map { "X-\($0): v\r\n" }.joined()))
            #expect(try fits.readResponse().status == 200)

            let client = try RawClient(port: port)
            try client.send(get("/", headers: (1...5).map { "X-\($0): v\r\n" }.joined()))
            expectRefusal(try client.readResponse(), status: 431, client: client)
        }
    }

    @Test func declaredBodyOverTheLimitIs413BeforeReading() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxBodyBytes = 10 }
        try withServer(configuration) { _, port in
            let fits = try RawClient(port: port)
            try fits.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\n0123456789")
            #expect(try fits.readResponse().status == 200)

            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 11\r\n\r\n")
            expectRefusal(try client.readResponse(), status: 413, client: client)
        }
    }

    @Test func absurdContentLengthIs413() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 99999999999999999999999999\r\n\r\n")
            expectRefusal(try client.readResponse(), status: 413, client: client)
        }
    }

    @Test func chunkedBodyIs413AsSoonAsItPassesTheLimit() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxBodyBytes = 10 }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            // The second chunk is announced but never sent: the refusal must not wait for it.
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n6\r\nabcdef\r\n6\r\n")
            expectRefusal(try client.readResponse(), status: 413, client: client)
        }
    }

    @Test func hugeChunkSizeIs413() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n")
            expectRefusal(try client.readResponse(), status: 413, client: client)
        }
    }

    @Test func tooManyTrailersIs431() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxHeaderCount = 3 }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send(
                "PUT / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n"
                    + (1...4).map { "T-\($0): v\r\n" }.joined() + "\r\n")
            expectRefusal(try client.readResponse(), status: 431, client: client)
        }
    }
}

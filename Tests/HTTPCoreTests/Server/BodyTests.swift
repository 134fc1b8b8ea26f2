import Foundation
import TestSupport
import Testing

@Suite struct BodyTests {
    @Test func contentLengthBodyIsDeliveredWhole() throws {
        let payload = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(
                Array("PUT /up HTTP/1.1\r\nHost: h\r\nContent-Length: \(payload.count)\r\n\r\n".utf8) + payload)
            let response = try client.readResponse()
            #expect(response.headers["X-Body-Length"] == String(payload.count))
            #expect(response.body == payload)
        }
    }

    @Test func bodySentInSmallPiecesIsAssembled() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("POST /slowly HTTP/1.1\r\nHo")
            usleep(5_000)
            try client.send("st: h\r\nContent-Length: 6\r\n\r\nab")
            usleep(5_000)
            try client.send("cdef")
            #expect(try client.readResponse().text == "abcdef")
        }
    }

    @Test func requestsWithoutLengthHaveNoBody() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("POST /nobody HTTP/1.1\r\nHost: h\r\n\r\n" + get("/next"))
            let first = try client.readResponse()
            #expect(first.headers["X-Body-Length"] == "0")
            #expect(try client.readResponse().headers["X-Path"] == "/next")
        }
    }

    @Test func repeatedEqualContentLengthsAreAccepted() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\nContent-Length: 2, 2\r\n\r\nok")
            #expect(try client.readResponse().text == "ok")
        }
    }

    @Test func chunkedBodyWithExtensionsAndTrailers() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(
                "POST /chunked HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n"
                    + "5;name=value;flag\r\nhello\r\n"
                    + "1A\r\nabcdefghijklmnopqrstuvwxyz\r\n"
                    + "0 ; last\r\nX-Checksum: abc\r\nX-Other: d\r\n\r\n"
                    + get("/after"))
            let response = try client.readResponse()
            #expect(response.text == "helloabcdefghijklmnopqrstuvwxyz")
            #expect(try client.readResponse().headers["X-Path"] == "/after")
        }
    }

    @Test func chunkedBodyArrivingInFragmentsWithBareLineFeeds() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: Chunked\r\n\r\n3\nab")
            usleep(5_000)
            try client.send("c\n")
            usleep(5_000)
            try client.send("2\r\nde\r\n0\r\n\r\n")
            #expect(try client.readResponse().text == "abcde")
        }
    }

    @Test func largeChunkedBody() throws {
        let chunk = [UInt8](repeating: 0x61, count: 100_000)
        try withServer { _, port in
            let client = try RawClient(port: port)
            var request = Array("PUT /c HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n".utf8)
            for _ in 0..<20 {
                request += Array("186a0\r\n".utf8) + chunk + Array("\r\n".utf8)
            }
            request += Array("0\r\n\r\n".utf8)
            try client.send(request)
            let response = try client.readResponse()
            #expect(response.headers["X-Body-Length"] == "2000000")
            #expect(response.body.allSatisfy { $0 == 0x61 })
        }
    }

    @Test(arguments: [
        ("Content-Length: 3\r\nTransfer-Encoding: chunked\r\n", "both framings"),
        ("Content-Length: -1\r\n", "negative length"),
        ("Content-Length: abc\r\n", "not a number"),
        ("Content-Length: +3\r\n", "signed length"),
        ("Content-Length: \r\n", "empty length"),
        ("Content-Length: 3\r\nContent-Length: 4\r\n", "conflicting duplicates"),
        ("Content-Length: 3, 4\r\n", "conflicting list"),
        ("Transfer-Encoding: chunked, chunked\r\n", "chunked twice"),
        ("Transfer-Encoding: \r\n", "empty coding"),
    ])
    func invalidFramingIsRejected(headers: String, reason: String) throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: h\r\n\(headers)\r\nabc")
            let response = try client.readResponse()
            #expect(response.status == 400, "\(reason)")
            #expect(response.errorCode == 400)
            #expect(response.headers["Connection"] == "close")
            #expect(client.serverClosed())
        }
    }

    @Test func transferEncodingInHTTP10IsRejected() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.0\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n")
            #expect(try client.readResponse().status == 400)
        }
    }

    @Test func unsupportedTransferCodingIs501() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: gzip, chunked\r\n\r\n0\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 501)
            #expect(response.errorCode == 501)
        }
    }

    @Test(arguments: [
        ("zz\r\n", "size not hex"),
        ("\r\n", "size missing"),
        ("5\r\nhelloXX", "data not followed by CRLF"),
        ("5;ext\u{01}\r\nhello\r\n0\r\n\r\n", "control character in extension"),
        ("5 junk\r\nhello\r\n0\r\n\r\n", "garbage after size"),
        ("0\r\nbad trailer\r\n\r\n", "malformed trailer"),
    ])
    func malformedChunkedBodyIsRejected(body: String, reason: String) throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("POST / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n" + body)
            let response = try client.readResponse()
            #expect(response.status == 400, "\(reason)")
            #expect(client.serverClosed())
        }
    }
}

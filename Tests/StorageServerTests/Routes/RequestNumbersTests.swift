import Foundation
import TestSupport
import Testing

/// Every number a request carries (headers, query parameters, framing) is read with its range checked: at the
/// extremes the server answers a 4xx (or the request as asked), never a 5xx, and never traps (issue 25,
/// arithmetic that cannot trap: request handlers).
@Suite struct RequestNumbersTests {
    static let extremes = [
        "0", "-1", "9007199254740993", "9223372036854775807", "18446744073709551616", "1e19",
        String(repeating: "9", count: 400), "5497558138881",
    ]

    /// Answers on fresh connections; a failure to connect or read counts as status 0.
    private func status(
        _ served: ServedStorage, _ method: String, _ target: String, headers: [(String, String)] = [],
        body: [UInt8] = []
    ) -> Int {
        (try? served.send(method, target, headers: headers, body: body).status) ?? 0
    }

    private func session(_ served: ServedStorage) throws -> String {
        let start = try served.send(
            "POST", "/v0/b/bkt/o?name=r",
            headers: [("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start")],
            text: "{}")
        let url = try #require(start.headers["X-Goog-Upload-URL"].flatMap(URL.init(string:)))
        return url.path + "?" + (url.query ?? "")
    }

    @Test(arguments: extremes)
    func extremeNumbersAreAnsweredWithoutServerErrors(_ number: String) throws {
        let served = try ServedStorage()
        try served.seed("o", "0123456789")
        let upload = try session(served)
        let answers: [(String, Int)] = [
            ("Range first", status(served, "GET", "/v0/b/bkt/o/o?alt=media", headers: [("Range", "bytes=\(number)-")])),
            ("Range last", status(served, "GET", "/v0/b/bkt/o/o?alt=media", headers: [("Range", "bytes=0-\(number)")])),
            (
                "Range suffix",
                status(served, "GET", "/v0/b/bkt/o/o?alt=media", headers: [("Range", "bytes=-\(number)")])
            ),
            (
                "Range both",
                status(
                    served, "GET", "/storage/v1/b/bkt/o/o?alt=media", headers: [("Range", "bytes=\(number)-\(number)")])
            ),
            (
                "v0 declared size",
                status(
                    served, "POST", "/v0/b/bkt/o?name=d",
                    headers: [
                        ("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start"),
                        ("X-Goog-Upload-Header-Content-Length", number),
                    ], body: Array("{}".utf8))
            ),
            (
                "GCS declared size",
                status(
                    served, "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=g",
                    headers: [("X-Upload-Content-Length", number), ("Content-Type", "application/json")],
                    body: Array("{}".utf8))
            ),
            (
                "offset",
                status(
                    served, "PUT", upload,
                    headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", number)],
                    body: [1, 2, 3, 4])
            ),
            ("v0 maxResults", status(served, "GET", "/v0/b/bkt/o?maxResults=\(number)")),
            ("GCS maxResults", status(served, "GET", "/storage/v1/b/bkt/o?maxResults=\(number)")),
            ("ifGenerationMatch", status(served, "GET", "/storage/v1/b/bkt/o/o?ifGenerationMatch=\(number)")),
            ("ifMetagenerationMatch", status(served, "GET", "/storage/v1/b/bkt/o/o?ifMetagenerationMatch=\(number)")),
        ]
        for (what, status) in answers {
            #expect((200..<500).contains(status), "\(what) \(number): \(status)")
        }
        #expect(served.stored("o") == "0123456789")
    }

    /// Framing numbers (`Content-Length`, chunk sizes) at the extremes: refused before any body is read.
    @Test(arguments: extremes)
    func extremeFramingIsRefused(_ number: String) throws {
        let served = try ServedStorage()
        let client = try RawClient(port: served.port)
        try client.send("PUT /v0/b/bkt/o/x HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: \(number)\r\n\r\n")
        let answer = try? client.readResponse()
        #expect(answer.map { (200..<500).contains($0.status) } ?? true, "Content-Length \(number)")
        let chunked = try RawClient(port: served.port)
        let hex = String(repeating: "f", count: max(16, number.count))  // more than any body may hold
        try chunked.send(
            "PUT /v0/b/bkt/o/x HTTP/1.1\r\nHost: 127.0.0.1\r\nTransfer-Encoding: chunked\r\n\r\n\(hex)\r\nabc\r\n")
        #expect((try chunked.readResponse().status) >= 400)
        #expect(try served.send("GET", "/v0/b/bkt/o").status == 200)
    }
}

import Foundation
import TestSupport
import Testing

/// storage-testbench's retry-test API on `serve`: instructions are set up, consumed by the requests that
/// name the test, and reported.
@Suite struct RetryTestTests {
    private static let json = [("Content-Type", "application/json")]

    private func create(_ served: ServedStorage, _ instructions: String) throws -> String {
        let response = try served.send(
            "POST", "/retry_test", headers: Self.json, text: #"{"instructions":\#(instructions)}"#)
        #expect(response.status == 200, "\(response.text)")
        return try #require(response.json["id"] as? String)
    }

    @Test(arguments: [
        "return-1", "return-503-after", "return-503-after-K", "stall-for-xs-after-1K", "return-broken-stream-after-2",
        "drop-everything",
    ])
    func unknownInstructionsAreRefused(_ instruction: String) throws {
        let served = try ServedStorage.withBucket()
        let response = try served.send(
            "POST", "/retry_test", headers: Self.json,
            text: #"{"instructions":{"storage.objects.get":["\#(instruction)"]}}"#)
        #expect(response.status == 400)
        #expect(response.text.contains("Unknown instruction \(instruction)"))
    }

    @Test func faultsAreConsumedInOrderPerOperationAndReported() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("o", "0123456789")
        let id = try create(served, #"{"storage.objects.get":["return-503","return-429"],"storage.objects.list":[]}"#)
        let header = [("x-retry-test-id", id)]
        let first = try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media", headers: header)
        #expect(first.status == 503)
        #expect(
            ((first.json["error"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["reason"] as? String
                == "backendError")
        #expect(try served.send("GET", "/v0/b/bkt/o/o?alt=media", headers: header).status == 429)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media", headers: header).text == "0123456789")
        let state = try served.send("GET", "/retry_test/\(id)")
        #expect(state.json["completed"] as? Bool == true)
        #expect(try served.send("DELETE", "/retry_test/\(id)").status == 200)
        #expect(try served.send("GET", "/retry_test/\(id)").status == 404)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/o", headers: header).status == 404)
    }

    @Test func aResetAnswersNothingAndABrokenStreamStopsEarly() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("big", String(repeating: "x", count: 10_000))
        let id = try create(
            served, #"{"storage.objects.get":["return-reset-connection","return-broken-stream-after-2K"]}"#)
        let header = [("x-retry-test-id", id)]
        #expect(throws: (any Error).self) {
            try served.send("GET", "/storage/v1/b/bkt/o/big?alt=media", headers: header)
        }
        // The answer declares 10,000 bytes and the connection ends after 2 KiB of them: reading it fails.
        #expect(throws: (any Error).self) {
            try served.send("GET", "/storage/v1/b/bkt/o/big?alt=media", headers: header)
        }
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/big?alt=media", headers: header).body.count == 10_000)
    }

    @Test func a503AfterSomeKiBKeepsThemInTheSession() throws {
        let served = try ServedStorage.withBucket(granularity: 1024)
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=r", headers: Self.json, text: "{}")
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        let session = url.path + "?" + (url.query ?? "")
        let id = try create(served, #"{"storage.objects.insert":["return-503-after-1K"]}"#)
        let body = [UInt8](repeating: 7, count: 4096)
        let failed = try served.send(
            "PUT", session, headers: [("x-retry-test-id", id), ("Content-Range", "bytes 0-4095/4096")], body: body)
        #expect(failed.status == 503)
        let query = try served.send("PUT", session, headers: [("Content-Range", "bytes */*")])
        #expect(query.status == 308)
        #expect(query.headers["Range"] == "bytes=0-1023")
        // The client resends the whole chunk: the held KiB is skipped, the rest completes the object.
        let resent = try served.send("PUT", session, headers: [("Content-Range", "bytes 0-4095/4096")], body: body)
        #expect(resent.status == 200)
        #expect(resent.json["size"] as? String == "4096")
    }

    @Test func theRoutesRefuseBrowsers() throws {
        let served = try ServedStorage.withBucket()
        let response = try served.send(
            "POST", "/retry_test", headers: Self.json + [("Origin", "https://example.com")],
            text: #"{"instructions":{}}"#)
        #expect(response.status == 403)
    }

    @Test func theListAnswersUnderTheTestbenchKeyAndDeleteSaysWhatItDeleted() throws {
        let served = try ServedStorage.withBucket()
        let id = try create(served, #"{"storage.objects.get":["return-503"],"storage.objects.list":[]}"#)
        #expect(id.count == 32 && id.allSatisfy(\.isHexDigit))
        let list = try served.send("GET", "/retry_tests")
        let tests = try #require(list.json["retry_test"] as? [[String: Any]])
        #expect(tests.map { $0["id"] as? String } == [id])
        let instructions = try #require(tests.first?["instructions"] as? [String: [String]])
        #expect(instructions == ["storage.objects.get": ["return-503"], "storage.objects.list": []])
        #expect(tests.first?["completed"] as? Bool == false)
        let deleted = try served.send("DELETE", "/retry_test/\(id)")
        #expect(deleted.status == 200)
        #expect(deleted.text == "Deleted \(id)")
    }

    @Test(arguments: [
        #"{"instructions":{"storage.objects.fetch":["return-503"]}}"#, #"{"instructions":{}}"#, #"{}"#,
        #"{"instructions":{"storage.objects.get":["return-503"]},"transport":"GRPC"}"#,
    ])
    func unknownOperationsAndEmptyTestsAreRefused(_ body: String) throws {
        let served = try ServedStorage.withBucket()
        #expect(try served.send("POST", "/retry_test", headers: Self.json, text: body).status == 400)
        #expect(try served.send("GET", "/retry_tests").json["retry_test"] as? [Any] != nil)
        #expect((try served.send("GET", "/retry_tests").json["retry_test"] as? [Any])?.isEmpty == true)
    }

    @Test func aTestOfEmptyListsIsNeverCompleted() throws {
        let served = try ServedStorage.withBucket()
        let id = try create(served, #"{"storage.objects.get":[]}"#)
        #expect(try served.send("GET", "/retry_test/\(id)").json["completed"] as? Bool == false)
    }

    /// The testbench keeps `return-503-after-YK` for the request whose bytes reach Y KiB of the upload: the session
    /// start and a first chunk that stops short pass it over; the chunk that crosses keeps its bytes up to Y KiB.
    @Test func anUploadInstructionWaitsForTheChunkThatReachesItsOffset() throws {
        let served = try ServedStorage.withBucket(granularity: 1024)
        let id = try create(served, #"{"storage.objects.insert":["return-503-after-3K"]}"#)
        let header = ("x-retry-test-id", id)
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=r", headers: Self.json + [header],
            text: "{}")
        #expect(start.status == 200)
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        let session = url.path + "?" + (url.query ?? "")
        let chunk = [UInt8](repeating: 7, count: 2048)
        let first = try served.send(
            "PUT", session, headers: [header, ("Content-Range", "bytes 0-2047/*")], body: chunk)
        #expect(first.status == 308)
        #expect(first.headers["Range"] == "bytes=0-2047")
        let second = try served.send(
            "PUT", session, headers: [header, ("Content-Range", "bytes 2048-4095/4096")], body: chunk)
        #expect(second.status == 503)
        #expect(try served.send("GET", "/retry_test/\(id)").json["completed"] as? Bool == true)
        let query = try served.send("PUT", session, headers: [("Content-Range", "bytes */*")])
        #expect(query.headers["Range"] == "bytes=0-3071")
    }

    /// As storage-testbench: `return-N-after-YK` acts on uploads only (a download passes it over and leaves it),
    /// a one-shot upload shorter than Y KiB passes it over too, and the next upload that reaches Y KiB takes it.
    @Test func anAfterInstructionIsLeftByDownloadsAndShortUploads() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("o", String(repeating: "x", count: 4096))
        let id = try create(
            served, #"{"storage.objects.get":["return-503-after-1K"],"storage.objects.insert":["return-503-after-2K"]}"#
        )
        let header = ("x-retry-test-id", id)
        let read = try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media", headers: [header])
        #expect(read.status == 200 && read.body.count == 4096)
        let path = "/upload/storage/v1/b/bkt/o?uploadType=media&name="
        let short = try served.send("POST", path + "s", headers: [header], body: [UInt8](repeating: 1, count: 1024))
        #expect(short.status == 200)
        let state = try served.send("GET", "/retry_test/\(id)").json["instructions"] as? [String: [String]]
        #expect(state?["storage.objects.get"] == ["return-503-after-1K"])
        #expect(state?["storage.objects.insert"] == ["return-503-after-2K"])
        let long = try served.send("POST", path + "l", headers: [header], body: [UInt8](repeating: 1, count: 4096))
        #expect(long.status == 503)
        let after = try served.send("GET", "/retry_test/\(id)").json["instructions"] as? [String: [String]]
        #expect(after?["storage.objects.insert"] == [])
    }

    /// `return-broken-stream` without a size cuts the answer after 4 bytes, where storage-testbench's streamer does.
    @Test func anUnsizedBrokenStreamCutsAfterFourBytes() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("o", String(repeating: "x", count: 10_000))
        let id = try create(served, #"{"storage.objects.get":["return-broken-stream"]}"#)
        let client = try RawClient(port: served.port)
        try client.send(
            "GET /storage/v1/b/bkt/o/o?alt=media HTTP/1.1\r\nHost: 127.0.0.1\r\nx-retry-test-id: \(id)\r\n\r\n")
        let answer = try client.readToEnd()
        let head = try #require(answer.firstRange(of: Array("\r\n\r\n".utf8)))
        #expect(String(decoding: answer[..<head.lowerBound], as: UTF8.self).contains("Content-Length: 10000"))
        #expect(answer.count - head.upperBound == 4)
    }

    /// `Content-Range: bytes */TOTAL` with no body asks where the upload stands while it holds fewer bytes (308 with
    /// `Range`), and finalizes it once it holds TOTAL.
    @Test func aSizedStatusQueryAnswers308UntilTheBytesAreThere() throws {
        let served = try ServedStorage.withBucket(granularity: 1024)
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=q", headers: Self.json, text: "{}")
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        let session = url.path + "?" + (url.query ?? "")
        let empty = try served.send("PUT", session, headers: [("Content-Range", "bytes */2048")])
        #expect(empty.status == 308)
        #expect(empty.headers["Range"] == nil)
        _ = try served.send(
            "PUT", session, headers: [("Content-Range", "bytes 0-1023/*")], body: [UInt8](repeating: 1, count: 1024))
        let half = try served.send("PUT", session, headers: [("Content-Range", "bytes */2048")])
        #expect(half.status == 308)
        #expect(half.headers["Range"] == "bytes=0-1023")
        let whole = try served.send("PUT", session, headers: [("Content-Range", "bytes */1024")])
        #expect(whole.status == 200)
        #expect(whole.json["size"] as? String == "1024")
    }
}

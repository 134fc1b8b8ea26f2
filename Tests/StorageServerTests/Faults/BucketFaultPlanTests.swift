import Foundation
import ReferenceService
import StorageAPI
import TestSupport
import Testing

/// A bucket's fault plan (`/internal/buckets/{bucket}/faults`, in the scenario vocabulary as JSON) carried out by
/// `serve` on the wire, on both dialects: what any client, whatever its language, meets.
@Suite struct BucketFaultPlanTests {
    private func arm(_ served: ServedStorage, _ faults: String, bucket: String = "bkt") throws {
        let response = try served.send(
            "PUT", "/internal/buckets/\(bucket)/faults", headers: [("Content-Type", "application/json")],
            text: #"{"faults":\#(faults)}"#)
        #expect(response.status == 200, "\(response.text)")
    }

    @Test func aStatusCarriesRetryAfterAndTheBodyInTheDialectsShape() throws {
        let served = try ServedStorage()
        try served.seed("o", "0123456789")
        try arm(
            served,
            #"[{"request":"metadata","nth":1,"status":503,"retryAfter":2},{"request":"download","nth":1,"status":429}]"#
        )
        let v0 = try served.send("GET", "/v0/b/bkt/o/o")
        #expect(v0.status == 503)
        #expect(v0.headers["Retry-After"] == "2")
        #expect(v0.errorCode == 503)
        let gcs = try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media")
        #expect(gcs.status == 429)
        #expect(
            ((gcs.json["error"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["reason"] as? String
                == "rateLimitExceeded")
        #expect(try served.send("GET", "/v0/b/bkt/o/o?alt=media").text == "0123456789")
        let firings = try served.send("GET", "/internal/buckets/bkt/faults")
        #expect(firings.json["firings"] as? [Int] == [1, 1])
    }

    @Test func otherBucketsAreUntouched() throws {
        let served = try ServedStorage()
        try served.seed("o", "x", bucket: "other")
        try arm(served, #"[{"request":"metadata","every":true,"reset":true}]"#)
        #expect(try served.send("GET", "/v0/b/other/o/o").status == 200)
    }

    @Test func aResetAnswersNothingAndAnAnswerLostActsFirst() throws {
        let served = try ServedStorage()
        try served.seed("gone", "x")
        try arm(served, #"[{"request":"list","nth":1,"reset":true},{"request":"delete","nth":1,"answerLost":true}]"#)
        #expect(throws: (any Error).self) { try served.send("GET", "/v0/b/bkt/o") }
        #expect(throws: (any Error).self) { try served.send("DELETE", "/v0/b/bkt/o/gone") }
        #expect(served.stored("gone") == nil)
    }

    /// The answer declares the whole object and stops after the bytes the fault names, from memory or from disk
    /// (streamed from the object's file, never loaded).
    @Test(arguments: [false, true])
    func aDroppedResponseStopsAfterItsBytes(onDisk: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("faults-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        let backend = onDisk ? try ReferenceBackend(directory: DataDirectory.open(folder.path)) : ReferenceBackend()
        let served = try ServedStorage(backend: backend)
        try served.seed("big", String(repeating: "y", count: 100_000))
        try arm(
            served,
            #"[{"request":"download","nth":1,"dropResponse":1000},{"request":"download","nth":2,"corrupt":true}]"#)
        let client = try RawClient(port: served.port)
        try client.send(Array("GET /v0/b/bkt/o/big?alt=media HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n".utf8))
        let received = try client.readToEnd()
        let text = String(decoding: received, as: UTF8.self)
        #expect(text.contains("Content-Length: 100000\r\n"))
        #expect(text.hasSuffix("\r\n\r\n" + String(repeating: "y", count: 1000)))
        let corrupted = try served.send("GET", "/v0/b/bkt/o/big?alt=media")
        #expect(corrupted.body.count == 100_000)
        #expect(corrupted.body.first == UInt8(ascii: "y") ^ 0xFF)
        #expect(corrupted.body.dropFirst().allSatisfy { $0 == UInt8(ascii: "y") })
    }

    @Test func aDroppedRequestKeepsWhatArrivedAndAMisreportLies() throws {
        let served = try ServedStorage(granularity: 4)
        let start = try served.send(
            "POST", "/v0/b/bkt/o?name=up",
            headers: [("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start")], text: "")
        let url = try #require(start.headers["X-Goog-Upload-URL"].flatMap(URL.init(string:)))
        let session = url.path + "?" + (url.query ?? "")
        try arm(
            served,
            #"[{"request":"finalize","nth":1,"dropRequest":4},{"request":"query","nth":1,"misreport":2}]"#)
        #expect(throws: (any Error).self) {
            try served.send(
                "PUT", session,
                headers: [("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "0")],
                text: "abcdefgh")
        }
        let query = try served.send("PUT", session, headers: [("X-Goog-Upload-Command", "query")], text: "")
        #expect(query.headers["X-Goog-Upload-Size-Received"] == "2")
        let truth = try served.send("PUT", session, headers: [("X-Goog-Upload-Command", "query")], text: "")
        #expect(truth.headers["X-Goog-Upload-Size-Received"] == "4")
        #expect(truth.headers["X-Goog-Upload-Status"] == "active")
    }

    @Test func aStallDelaysTheAnswer() throws {
        let served = try ServedStorage()
        try served.seed("o", "0123456789")
        try arm(served, #"[{"request":"download","nth":1,"stall":0.2,"afterBytes":4}]"#)
        let started = ContinuousClock.now
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/o?alt=media").text == "0123456789")
        #expect(ContinuousClock.now - started >= .milliseconds(200))
    }

    @Test func plansAreGuardedValidatedAndReset() throws {
        let served = try ServedStorage()
        let browser = try served.send(
            "PUT", "/internal/buckets/bkt/faults", headers: [("Origin", "https://example.com")],
            text: #"{"faults":[]}"#)
        #expect(browser.status == 403)
        let bad = try served.send(
            "PUT", "/internal/buckets/bkt/faults", text: #"{"faults":[{"request":"list","nth":1e19,"reset":true}]}"#)
        #expect(bad.status == 400)
        #expect(bad.errorMessage?.contains("faults[0]: nth") == true)
        let long = try served.send(
            "PUT", "/internal/buckets/bkt/faults", text: #"{"faults":[{"request":"list","nth":1,"stall":61}]}"#)
        #expect(long.status == 400)
        try arm(served, #"[{"request":"list","every":true,"reset":true}]"#)
        #expect(try served.send("POST", "/internal/reset").status == 200)
        #expect(try served.send("GET", "/v0/b/bkt/o").status == 200)
    }
}

import Foundation
import StorageAPI
import Synchronization
import TestSupport
import Testing

@testable import GCSXML

/// The bounds of the XML API's multipart uploads: idle expiry, a cap per client, a byte budget with eviction of
/// abandoned uploads, custom metadata within 8 KiB, and parts to unknown uploads refused before their body.
@Suite struct XMLUploadLimitTests {
    private final class Clock: Sendable {
        let now = Mutex(0)
        func advance(seconds: Int) { now.withLock { $0 += seconds * 1000 } }
    }

    private func object(_ name: String) -> ObjectAddress { ObjectAddress(bucket: "bkt", name: name) }

    private func table(_ change: (inout XMLMultipartUploads.Limits) -> Void) -> (XMLMultipartUploads, Clock) {
        var limits = XMLMultipartUploads.Limits()
        change(&limits)
        let clock = Clock()
        return (XMLMultipartUploads(limits: limits, clock: { clock.now.withLock { $0 } }), clock)
    }

    @Test func anIdleUploadExpires() throws {
        let (uploads, clock) = table { $0.idle = .seconds(60) }
        let id = try uploads.initiate(object("a"), metadata: ObjectMetadataFields(), client: "10.0.0.1")
        clock.advance(seconds: 59)
        _ = try uploads.upload(id, of: object("a"))
        clock.advance(seconds: 59)
        _ = try uploads.put(Data("x".utf8), number: 1, upload: id, of: object("a"))
        clock.advance(seconds: 60)
        #expect(throws: BackendError.self) { try uploads.upload(id, of: object("a")) }
        #expect(uploads.heldBytes == 0 || uploads.heldBytes == 1)
        _ = try uploads.initiate(object("b"), metadata: ObjectMetadataFields(), client: "10.0.0.1")
        #expect(uploads.heldBytes == 0)
    }

    @Test func oneClientCannotTakeEveryUpload() throws {
        let (uploads, _) = table {
            $0.uploads = 5
            $0.uploadsPerClient = 3
        }
        for index in 0..<3 {
            _ = try uploads.initiate(object("\(index)"), metadata: ObjectMetadataFields(), client: "10.0.0.1")
        }
        do {
            _ = try uploads.initiate(object("x"), metadata: ObjectMetadataFields(), client: "10.0.0.1")
            Issue.record("a fourth upload of one client was started")
        } catch {
            #expect(error.status == 429)
        }
        _ = try uploads.initiate(object("y"), metadata: ObjectMetadataFields(), client: "10.0.0.2")
    }

    @Test func aFullTableEvictsTheOldestAbandonedUpload() throws {
        let (uploads, clock) = table {
            $0.bytes = 10
            $0.abandoned = .seconds(30)
        }
        let old = try uploads.initiate(object("old"), metadata: ObjectMetadataFields(), client: "a")
        _ = try uploads.put(Data(count: 6), number: 1, upload: old, of: object("old"))
        let fresh = try uploads.initiate(object("new"), metadata: ObjectMetadataFields(), client: "b")
        do {
            try uploads.admit(6, upload: fresh, of: object("new"))
            Issue.record("a part past the budget was admitted while no upload was abandoned")
        } catch {
            #expect(error.status == 429)
            #expect(error.message.contains("Retry later"))
        }
        clock.advance(seconds: 31)
        try uploads.admit(6, upload: fresh, of: object("new"))
        #expect(throws: BackendError.self) { try uploads.upload(old, of: object("old")) }
        _ = try uploads.put(Data(count: 6), number: 1, upload: fresh, of: object("new"))
        #expect(uploads.heldBytes == 6)
    }

    @Test func partsToUnknownUploadsAre404BeforeTheirBody() throws {
        let served = try ServedStorage.withBucket()
        let head =
            "PUT /bkt/big?partNumber=1&uploadId=0123 HTTP/1.1\r\nHost: 127.0.0.1:\(served.port)\r\n"
            + "Content-Length: 500000000\r\n\r\n"
        let client = try RawClient(port: served.port)
        try client.send(head)
        let answer = try client.readResponse()
        #expect(answer.status == 404)
        #expect(answer.text.contains("NoSuchUpload"))
    }

    @Test func customMetadataIsLimitedTo8KiB() throws {
        let served = try ServedStorage.withBucket()
        let fits = [("x-goog-meta-a", String(repeating: "v", count: 8 * 1024 - 1))]
        #expect(try served.send("PUT", "/bkt/fits", headers: fits, text: "x").status == 200)
        let over = [
            ("x-goog-meta-a", String(repeating: "v", count: 4096)),
            ("x-goog-meta-b", String(repeating: "v", count: 4096)),
        ]
        let refused = try served.send("POST", "/bkt/over?uploads", headers: over, text: "")
        #expect(refused.status == 400)
        #expect(refused.text.contains("x-goog-meta"))
    }

    @Test func metadataBodiesAreLimited() throws {
        let served = try ServedStorage.withBucket()
        let large = "{\"name\":\"" + String(repeating: "a", count: 2 << 20) + "\"}"
        let answer = try served.send(
            "POST", "/storage/v1/b", headers: [("Content-Type", "application/json")], text: large)
        #expect(answer.status == 413)
    }
}

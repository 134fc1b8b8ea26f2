import Foundation
import ReferenceService
import StorageAPI
import Testing

/// A retry test's faults on an upload cut the body as it arrives: a chunk larger than the server would ever
/// hold in memory is streamed, its first KiB kept, the rest read and dropped (issue 25, point 4).
@Suite struct RetryFaultStreamTests {
    private static let json = [("Content-Type", "application/json")]

    /// A server that holds at most 64 KiB of a body in memory, and streams uploads of up to 16 MiB.
    private func served() throws -> ServedStorage {
        let served = try ServedStorage(
            granularity: 1024,
            configuration: .forTests.with {
                $0.maxBufferedBodyBytes = 64 * 1024
                $0.maxBodyBytes = 16 << 20
            })
        try served.backend.createBucket("bkt")
        return served
    }

    private func create(_ served: ServedStorage, _ instructions: String) throws -> String {
        let response = try served.send(
            "POST", "/retry_test", headers: Self.json, text: #"{"instructions":\#(instructions)}"#)
        return try #require(response.json["id"] as? String, "\(response.text)")
    }

    @Test func a503AfterOneKiBOfALargeChunkKeepsTheKiBWithoutHoldingTheChunk() throws {
        let served = try served()
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=r", headers: Self.json, text: "{}")
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        let session = url.path + "?" + (url.query ?? "")
        let id = try create(served, #"{"storage.objects.insert":["return-503-after-1K","return-503"]}"#)
        let size = 1 << 20
        let body = (0..<size).map { UInt8(truncatingIfNeeded: $0) }
        let failed = try served.send(
            "PUT", session, headers: [("x-retry-test-id", id), ("Content-Range", "bytes 0-\(size - 1)/\(size)")],
            body: body)
        #expect(failed.status == 503, "\(failed.text)")
        let query = try served.send("PUT", session, headers: [("Content-Range", "bytes */*")])
        #expect(query.headers["Range"] == "bytes=0-1023")
        let refused = try served.send(
            "PUT", session, headers: [("x-retry-test-id", id), ("Content-Range", "bytes 0-\(size - 1)/\(size)")],
            body: body)
        #expect(refused.status == 503, "\(refused.text)")
        let resent = try served.send(
            "PUT", session, headers: [("Content-Range", "bytes 0-\(size - 1)/\(size)")], body: body)
        #expect(resent.status == 200, "\(resent.text)")
        #expect(served.backend.storedBytes(bucket: "bkt", name: "r") == Data(body))
    }

    @Test func aMediaUploadUnderABrokenStreamIsStoredWhole() throws {
        let served = try served()
        let id = try create(served, #"{"storage.objects.insert":["return-broken-stream"]}"#)
        let body = [UInt8](repeating: 9, count: 1 << 20)
        #expect(throws: (any Error).self) {
            try served.send(
                "POST", "/upload/storage/v1/b/bkt/o?uploadType=media&name=m", headers: [("x-retry-test-id", id)],
                body: body)
        }
        #expect(served.backend.storedBytes(bucket: "bkt", name: "m")?.count == body.count)
    }
}

extension ReferenceBackend {
    /// The bytes of an object as the service holds them, or nil.
    fileprivate func storedBytes(bucket: String, name: String) -> Data? {
        try? readObject(ReadRequest(object: ObjectAddress(bucket: bucket, name: name))).data
    }
}

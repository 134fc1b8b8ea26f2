import Foundation
import StorageAPI
import Testing

/// Decompressive transcoding on both dialects: a gzip object is sent decompressed and whole to a client that does
/// not take gzip, as stored (ranges and all) to one that does, and as stored when it says `no-transform`.
@Suite struct TranscodingTests {
    /// "hello, transcoding", gzip-compressed by Python's gzip module.
    private static let gzipped = Data(base64Encoded: "H4sIAAAAAAAC/8tIzcnJ11EoKUrMK07OT8nMSwcAv5SIwxIAAAA=") ?? Data()

    private func served(cacheControl: String? = nil) throws -> ServedStorage {
        let served = try ServedStorage.withBucket()
        var metadata = ObjectMetadataFields(contentEncoding: "gzip", contentType: "text/plain")
        metadata.cacheControl = cacheControl
        try served.backend.seed(bucket: "bkt", name: "z.txt", data: Self.gzipped, metadata: metadata)
        return served
    }

    @Test(arguments: ["/storage/v1/b/bkt/o/z.txt?alt=media", "/v0/b/bkt/o/z.txt?alt=media"])
    func aClientThatDoesNotTakeGzipGetsTheWholeTextWithoutContentEncoding(_ path: String) throws {
        let served = try served()
        for headers in [[], [("Accept-Encoding", "identity")], [("Range", "bytes=0-4")], [("Range", "bytes=40-")]] {
            let response = try served.send("GET", path, headers: headers)
            #expect(response.status == 200, "\(headers)")
            #expect(response.text == "hello, transcoding", "\(headers)")
            #expect(response.headers["Transfer-Encoding"] == "chunked")
            #expect(response.headers["Content-Length"] == nil)
            #expect(response.headers["Content-Encoding"] == nil)
            #expect(response.headers["Content-Range"] == nil)
            #expect(response.headers["x-goog-stored-content-encoding"] == "gzip")
            #expect(response.headers["x-goog-stored-content-length"] == String(Self.gzipped.count))
        }
        let head = try served.send("HEAD", path)
        #expect(head.status == 200)
        #expect(head.headers["Content-Length"] == nil)
        #expect(head.headers["Transfer-Encoding"] == "chunked")
    }

    @Test func aClientThatTakesGzipGetsTheStoredBytesAndItsRanges() throws {
        let served = try served()
        let whole = try served.send(
            "GET", "/storage/v1/b/bkt/o/z.txt?alt=media", headers: [("Accept-Encoding", "gzip, deflate")])
        #expect(Data(whole.body) == Self.gzipped)
        #expect(whole.headers["Content-Encoding"] == "gzip")
        let part = try served.send(
            "GET", "/storage/v1/b/bkt/o/z.txt?alt=media",
            headers: [("Accept-Encoding", "gzip"), ("Range", "bytes=0-1")])
        #expect(part.status == 206)
        #expect(part.body == [0x1F, 0x8B])
    }

    @Test func noTransformKeepsTheStoredBytes() throws {
        let served = try served(cacheControl: "public, no-transform")
        let response = try served.send("GET", "/storage/v1/b/bkt/o/z.txt?alt=media")
        #expect(Data(response.body) == Self.gzipped)
    }

    /// A fault that cuts the answer short cuts the decompressed bytes the client reads.
    @Test func aBrokenStreamCutsTheDecompressedBytes() throws {
        let served = try served()
        let created = try served.send(
            "POST", "/retry_test", headers: [("Content-Type", "application/json")],
            text: #"{"instructions":{"storage.objects.get":["return-broken-stream"]}}"#)
        let id = try #require(created.json["id"] as? String)
        #expect(throws: (any Error).self) {
            try served.send("GET", "/storage/v1/b/bkt/o/z.txt?alt=media", headers: [("x-retry-test-id", id)])
        }
        let whole = try served.send("GET", "/storage/v1/b/bkt/o/z.txt?alt=media", headers: [("x-retry-test-id", id)])
        #expect(whole.text == "hello, transcoding")
    }
}

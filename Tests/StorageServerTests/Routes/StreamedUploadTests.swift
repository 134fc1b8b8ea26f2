import Foundation
import HTTPCore
import ReferenceService
import TestSupport
import Testing

/// Media uploads and resumable chunks stream from the connection into the store; objects on disk are sent
/// from their files. The server's buffered-body limit is 1 KiB here, so anything larger must have streamed.
@Suite struct StreamedUploadTests {
    static let configuration = HTTPServerConfiguration.forTests.with {
        $0.maxBodyBytes = 8 << 20
        $0.maxBufferedBodyBytes = 1024
    }

    private static func served(onDisk folder: String? = nil) throws -> ServedStorage {
        let backend = try folder.map { try ReferenceBackend(directory: try DataDirectory.open($0), granularity: 4) }
        return try ServedStorage(granularity: 4, backend: backend, configuration: configuration)
    }

    private static func bytes(_ count: Int, seed: UInt8 = 1) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ Int(seed)) }
    }

    @Test(arguments: [false, true])
    func mediaUploadsAndChunksLargerThanTheBufferedLimitStreamIntoTheStore(onDisk: Bool) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let served = try Self.served(onDisk: onDisk ? folder : nil)
        let whole = Self.bytes(96 * 1024)
        let media = try served.send("POST", "/v0/b/bkt/o?name=media.bin", body: whole)
        #expect(media.status == 200, "\(media.text)")
        let gcs = try served.send("POST", "/upload/storage/v1/b/bkt/o?uploadType=media&name=gcs.bin", body: whole)
        #expect(gcs.status == 200, "\(gcs.text)")
        let start = try served.send(
            "POST", "/v0/b/bkt/o?name=chunks.bin",
            headers: [("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start")])
        let url = try #require(start.headers["X-Goog-Upload-URL"]?.split(separator: "/", maxSplits: 2).last)
        for (index, part) in [whole[..<(64 * 1024)], whole[(64 * 1024)...]].enumerated() {
            let chunk = try served.send(
                "PUT", "/" + url, headers: [("X-Goog-Upload-Command", index == 0 ? "upload" : "upload, finalize")],
                body: Array(part))
            #expect(chunk.status == 200, "\(chunk.text)")
        }
        for name in ["media.bin", "gcs.bin", "chunks.bin"] {
            let read = try served.send("GET", "/v0/b/bkt/o/\(name)?alt=media")
            let same = read.body == whole  // a Bool: the test library would diff two large arrays byte by byte
            #expect(same, "\(name): \(read.body.count) bytes read back")
            let tail = try served.send("GET", "/v0/b/bkt/o/\(name)?alt=media", headers: [("Range", "bytes=-5")])
            #expect(tail.status == 206 && tail.body == Array(whole.suffix(5)), "\(name)")
        }
        let multipart = try served.send(
            "POST", "/v0/b/bkt/o?name=m.bin",
            headers: [("X-Goog-Upload-Protocol", "multipart"), ("Content-Type", "multipart/related; boundary=b")],
            body: Self.bytes(2048))
        #expect(multipart.status == 413, "a body the server holds whole keeps the buffered limit")
    }

    @Test func aRefusedChunkIsAnsweredWithoutInvitingItsBody() throws {
        let served = try Self.served()
        let client = try RawClient(port: served.port)
        try client.send(
            "PUT /v0/b/bkt/o?name=x&upload_id=nope HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Goog-Upload-Command: upload\r\n"
                + "Expect: 100-continue\r\nContent-Length: 5000\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 404, "the unknown session is refused before 100 Continue")
        #expect(answer.headers["Connection"] == "close", "the unread body cannot be followed by another request")
    }

    @Test func aChunkCutOffMidwayAddsNothingToItsSession() throws {
        let served = try Self.served()
        let start = try served.send(
            "POST", "/v0/b/bkt/o?name=cut.bin",
            headers: [("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start")])
        let url = try #require(start.headers["X-Goog-Upload-URL"]?.split(separator: "/", maxSplits: 2).last)
        let client = try RawClient(port: served.port)
        try client.send(
            Array(
                "PUT /\(url) HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Goog-Upload-Command: upload\r\nContent-Length: 4096\r\n\r\n"
                    .utf8) + Self.bytes(1000))
        client.close()
        var held: String?
        for _ in 0..<100 {
            let query = try served.send("PUT", "/" + url, headers: [("X-Goog-Upload-Command", "query")])
            held = query.headers["X-Goog-Upload-Size-Received"]
            if query.status == 200 { break }
            Thread.sleep(forTimeInterval: 0.02)  // the server may still be reading the cut chunk
        }
        #expect(held == "0")
    }

    @Test func aFileBodyIsSentWholeSmallOrLargeAndHeadSendsNone() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString).path
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let served = try Self.served(onDisk: folder)
        for size in [0, 1, 32 * 1024, 32 * 1024 + 1, 1 << 20] {
            let data = Self.bytes(size, seed: UInt8(size & 0xff))
            #expect(try served.send("POST", "/v0/b/bkt/o?name=f\(size)", body: data).status == 200)
            let read = try served.send("GET", "/v0/b/bkt/o/f\(size)?alt=media")
            let same = read.body == data
            #expect(same && read.headers["Content-Length"] == String(size), "\(size) bytes")
            let head = try served.send("HEAD", "/v0/b/bkt/o/f\(size)?alt=media")
            #expect(head.body.isEmpty && head.headers["Content-Length"] == String(size), "\(size) bytes")
        }
    }
}

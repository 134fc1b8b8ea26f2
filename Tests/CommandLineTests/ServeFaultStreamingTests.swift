import FirebaseV0
import Foundation
import StorageAPI
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A retry test's faults on a download are applied to the answer as it is sent: breaking or stalling a large
/// object from `--data-dir` costs `serve` no more memory than answering it whole (issue 25, point 4: a break
/// after 1 KiB of 256 MiB took serve from 30 to 541 MiB).
@Suite("serve: faults stream") struct ServeFaultStreamingTests {
    #if canImport(Glibc)
    /// The body of one GET sent on a fresh connection, read until the server closes it.
    private func download(_ port: UInt16, _ target: String, headers: String = "") throws -> (status: Int, body: Int) {
        let socket = try LoopbackSocket.connect(port: Int(port))
        defer { close(socket) }
        var timeout = timeval(tv_sec: 30, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let request = "GET \(target) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\(headers)\r\n"
        #expect(request.withCString { send(socket, $0, strlen($0), Int32(MSG_NOSIGNAL)) } > 0)
        var head: [UInt8] = []
        var headEnd: Int?
        var body = 0
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = recv(socket, &buffer, buffer.count, 0)
            guard count > 0 else { break }
            guard headEnd == nil else {
                body += count
                continue
            }
            head += buffer[..<count]
            if let end = head.firstRange(of: Array("\r\n\r\n".utf8))?.upperBound {
                headEnd = end
                body = head.count - end
            }
        }
        let statusLine = String(decoding: head.prefix(12), as: UTF8.self)
        return (Int(statusLine.dropFirst(9).prefix(3)) ?? 0, body)
    }

    @Test func breaksAndStallsOnALargeObjectOnDiskCostNoMemory() throws {
        let serve = try ServedProcess(["--data-dir", "data"])
        let size = 64 << 20
        let client = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(serve.port)")), requestTimeout: 60)
        _ = try client.uploadObject(
            ObjectAddress(bucket: "bkt", name: "big"), data: Data(repeating: 7, count: size),
            metadata: ObjectMetadataFields())
        let instructions = [
            "return-broken-stream-after-1K", "stall-for-0s-after-1K", "return-broken-stream", "return-503-after-1K",
        ]
        let created = try serve.post(
            "/retry_test",
            json: #"{"instructions":{"storage.objects.get":["\#(instructions.joined(separator: "\",\""))"]}}"#)
        let id = try #require(
            created.range(of: #""id":"[^"]+""#, options: .regularExpression).map {
                String(created[$0].dropFirst(6).dropLast())
            }, "\(created)")
        let before = try serve.memory().peak
        let header = "x-retry-test-id: \(id)\r\n"
        let target = "/v0/b/bkt/o/big?alt=media"
        let broken = try download(serve.port, target, headers: header)
        #expect(broken.status == 200 && broken.body == 1024)
        let stalled = try download(serve.port, target, headers: header)
        #expect(stalled.status == 200 && stalled.body == size)
        let unsized = try download(serve.port, target, headers: header)
        #expect(unsized.status == 200 && unsized.body == 4)
        // return-N-after-YK acts on uploads only: a download passes it over.
        #expect(try download(serve.port, target, headers: header).body == size)
        #expect(try download(serve.port, target).body == size)
        let grown = try serve.memory().peak - before
        #expect(grown < 16 << 20, "the peak of resident memory grew by \(grown >> 20) MiB")
    }
    #endif
}

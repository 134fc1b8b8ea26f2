import FirebaseV0
import Foundation
import GCSJSON
import StorageAPI
import StorageSDK
import Synchronization
import TestSupport
import Testing

/// A download whose first answer is cut after the object was replaced: the resumed read must not splice the
/// bytes of two objects, whichever dialect carries it.
@Suite struct GenerationPinningTests {
    private static let old = Data("AAAAAAAAAA".utf8)
    private static let new = Data("BBBBBBBBBB".utf8)

    /// An HTTP answer with `Connection: close`; `declared` is the `Content-Length` when the body is cut short.
    private static func answer(
        _ status: Int, _ headers: [(String, String)], _ body: Data, declared: Int? = nil
    ) -> [UInt8] {
        var head = "HTTP/1.1 \(status) \(status == 206 ? "Partial Content" : "OK")\r\n"
        for (name, value) in headers { head += "\(name): \(value)\r\n" }
        head += "Content-Length: \(declared ?? body.count)\r\nConnection: close\r\n\r\n"
        return Array(head.utf8) + Array(body)
    }

    /// `N` of a `Range: bytes=N-…` header.
    private static func rangeStart(_ head: String) -> Int? {
        guard let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix("range:") }),
            let equals = line.firstIndex(of: "=")
        else { return nil }
        return Int(line[line.index(after: equals)...].prefix { $0.isNumber })
    }

    private static func header(_ name: String, in head: String) -> String? {
        let prefix = name.lowercased() + ":"
        guard let line = head.split(separator: "\r\n").first(where: { $0.lowercased().hasPrefix(prefix) }) else {
            return nil
        }
        return line.dropFirst(prefix.count).trimmingCharacters(in: .whitespaces)
    }

    /// The first answer (generation 1) is cut after 5 bytes; the object is then generation 2, of the same size,
    /// and the server answers whatever generation is live, ignoring `If-Range` and `generation=`. Only the
    /// first answer's `x-goog-generation` tells the client that the rest is from another object.
    @Test func aFirstReadCutAfterAReplacementStartsOverOverGCS() throws {
        let heads = Mutex<[String]>([])
        let server = try MisbehavingServer(
            .script { head, index in
                heads.withLock { $0.append(head) }
                if index == 0 {
                    return Self.answer(
                        200, [("x-goog-generation", "1"), ("ETag", "\"e1\"")], Self.old.prefix(5), declared: 10)
                }
                let live = [("x-goog-generation", "2"), ("ETag", "\"e2\"")]
                guard let start = Self.rangeStart(head) else { return Self.answer(200, live, Self.new) }
                return Self.answer(
                    206, live + [("Content-Range", "bytes \(start)-9/10")], Self.new.suffix(from: start))
            })
        defer { server.close() }
        let gcs = GCSJSONClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: 10)
        let storage = Storage(bucket: "bkt", backend: gcs, clock: VirtualClock())
        let task = storage.reference(withPath: "o").getData(maxSize: 100)
        #expect(task.wait(timeout: 60))
        #expect(try task.dataResult?.get() == Self.new)
        let sent = heads.withLock { $0 }
        #expect(sent.count >= 2)
        #expect(sent.dropFirst().first?.contains("generation=1") == true)
    }

    /// A GCS media answer that tells no `x-goog-generation` (only an ETag) leaves nothing to pin the rest of the
    /// download to: the client does not go on from byte 5 on the strength of `If-Range` alone, and the download
    /// fails without a second request.
    @Test func aCutFirstReadWithoutAGenerationIsNotResumedOverGCS() throws {
        let heads = Mutex<[String]>([])
        let server = try MisbehavingServer(
            .script { head, _ in
                heads.withLock { $0.append(head) }
                return Self.answer(200, [("ETag", "\"e1\"")], Self.old.prefix(5), declared: 10)
            })
        defer { server.close() }
        let gcs = GCSJSONClient(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: 10)
        let storage = Storage(bucket: "bkt", backend: gcs, clock: VirtualClock())
        let task = storage.reference(withPath: "o").getData(maxSize: 100)
        #expect(task.wait(timeout: 60))
        #expect(task.dataResult.map { (try? $0.get()) == nil } == true, "the download fails")
        #expect(
            task.snapshot.error?.description.contains("told an ETag but no generation (x-goog-generation)") == true,
            "\(String(describing: task.snapshot.error))")
        #expect(heads.withLock { $0.count } == 1, "no read goes on from byte 5")
    }

    /// Over v0 the first answer's `ETag` goes back as `If-Range`, and a server that honours it answers the new
    /// object whole: the download starts over on it.
    @Test func aFirstReadCutAfterAReplacementStartsOverOverV0WithIfRange() throws {
        let heads = Mutex<[String]>([])
        let server = try MisbehavingServer(
            .script { head, index in
                heads.withLock { $0.append(head) }
                if index == 0 { return Self.answer(200, [("ETag", "\"e1\"")], Self.old.prefix(5), declared: 10) }
                let live = [("ETag", "\"e2\"")]
                guard let start = Self.rangeStart(head), Self.header("If-Range", in: head) == "\"e2\"" else {
                    return Self.answer(200, live, Self.new)
                }
                return Self.answer(
                    206, live + [("Content-Range", "bytes \(start)-9/10")], Self.new.suffix(from: start))
            })
        defer { server.close() }
        let v0 = FirebaseV0Client(
            baseURL: try #require(URL(string: "http://127.0.0.1:\(server.port)")), requestTimeout: 10)
        let storage = Storage(bucket: "bkt", backend: v0, clock: VirtualClock())
        let task = storage.reference(withPath: "o").getData(maxSize: 100)
        #expect(task.wait(timeout: 60))
        #expect(try task.dataResult?.get() == Self.new)
        let resumed = heads.withLock { $0.dropFirst().first }
        #expect(resumed.flatMap { Self.header("If-Range", in: $0) } == "\"e1\"")
        #expect(resumed.flatMap(Self.rangeStart) == 5)
    }
}

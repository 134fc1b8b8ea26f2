import Dispatch
import Foundation
import Primitives
import ReferenceService
import StorageAPI
import TestSupport
import Testing

@Suite struct ConcurrencyTests {
    /// Collects problems seen on worker threads, to be checked once they are done.
    private final class ProblemLog: @unchecked Sendable {
        private let lock = NSLock()
        private var problems: [String] = []

        func note(_ problem: String) {
            lock.lock()
            problems.append(problem)
            lock.unlock()
        }

        var all: [String] {
            lock.lock()
            defer { lock.unlock() }
            return problems
        }
    }

    @Test func manyThreadsUploadReadListAndDeleteConsistently() throws {
        let backend = ReferenceBackend(granularity: 8)
        let log = ProblemLog()
        let workers = 8
        let rounds = 30
        DispatchQueue.concurrentPerform(iterations: workers) { worker in
            do {
                var alive = Set<String>()
                for round in 0..<rounds {
                    let name = "w\(worker)/o\(String(format: "%02d", round))"
                    let data = pattern(40 + round, seed: UInt32(worker * 1000 + round))
                    let session = try backend.startUpload(
                        UploadStart(object: Fixtures.address(name), size: Int64(data.count)))
                    var offset = 0
                    while data.count - offset > 16 {
                        _ = try backend.uploadChunk(
                            session: session.id, offset: Int64(offset), data: data[offset..<(offset + 16)],
                            finalize: false)
                        offset += 16
                    }
                    _ = try backend.uploadChunk(
                        session: session.id, offset: Int64(offset), data: data[offset...], finalize: true)
                    alive.insert(name)
                    if try Fixtures.read(backend, name) != data { log.note("\(name): bytes differ") }
                    if try backend.getMetadata(Fixtures.address(name)).md5Hash
                        != Data(MD5.digest(of: data)).base64EncodedString()
                    {
                        log.note("\(name): md5 differs")
                    }
                    let shared = Data(repeating: UInt8(worker), count: 100 + worker)
                    try backend.seed(bucket: Fixtures.bucket, name: "shared", data: shared)
                    let seen = try Fixtures.read(backend, "shared")
                    if let first = seen.first, seen.count != 100 + Int(first) || !seen.allSatisfy({ $0 == first }) {
                        log.note("shared object torn")
                    }
                    let listed = try Fixtures.listAll(backend, prefix: "w\(worker)/", pageSize: 7).entries
                    if listed != alive.sorted() { log.note("\(name): listing \(listed.count) != \(alive.count)") }
                    _ = try backend.list(ListRequest(bucket: Fixtures.bucket, maxResults: 3))
                    if round % 3 == 0 {
                        try backend.deleteObject(Fixtures.address(name))
                        alive.remove(name)
                    }
                }
            } catch {
                log.note("worker \(worker): \(error)")
            }
        }
        #expect(log.all.isEmpty, "\(log.all)")
        let everything = try Fixtures.listAll(backend, delimiter: nil, pageSize: 13).entries
        var expected = ["shared"]
        for worker in 0..<workers {
            for round in 0..<rounds where round % 3 != 0 {
                expected.append("w\(worker)/o\(String(format: "%02d", round))")
            }
        }
        #expect(everything == expected.sorted())
        let generations = try everything.map { name throws(BackendError) in
            try backend.getMetadata(Fixtures.address(name)).generation
        }
        #expect(Set(generations).count == generations.count)
    }

    @Test func concurrentChunksToOneSessionNeverInterleave() throws {
        let backend = ReferenceBackend(granularity: 4)
        let session = try backend.startUpload(UploadStart(object: Fixtures.address("contended")))
        let log = ProblemLog()
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            let chunk = Data(repeating: UInt8(index), count: 4)
            // Everyone tries the same offsets; exactly one chunk lands at each.
            for attempt in 0..<64 {
                do {
                    _ = try backend.uploadChunk(
                        session: session.id, offset: Int64(attempt * 4), data: chunk, finalize: false)
                    return
                } catch {
                    if (error as? BackendError)?.status != 400 { log.note("\(error)") }
                }
            }
            log.note("chunk \(index) never landed")
        }
        #expect(log.all.isEmpty, "\(log.all)")
        let final = try backend.uploadChunk(session: session.id, offset: 256, data: Data(), finalize: true)
        #expect(final.receivedBytes == 256)
        let data = try Fixtures.read(backend, "contended")
        let firstBytes = stride(from: 0, to: 256, by: 4).map { data[$0] }
        #expect(Set(firstBytes).count == 64)
        #expect(stride(from: 0, to: 256, by: 4).allSatisfy { Set(data[$0..<($0 + 4)]).count == 1 })
    }
}

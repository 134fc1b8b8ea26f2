import Foundation
import Primitives
import ReferenceService
import SecurityRules
import StorageAPI
import Testing

/// Rules that a careless or hostile rule set or request cannot turn against the service.
@Suite struct RulesHardeningTests {
    /// 24 `**` against 40 segments that never match try more splits than there are atoms: the engine stops
    /// at its path-matching limit and denies, at once.
    @Test func manyDoubleStarsEndInADecision() throws {
        let glob = Array(repeating: "**", count: 24).joined(separator: "/") + "/end"
        let program = StorageRules(entries: [.init(path: glob, operations: [.read])]).program
        let missing = Array(repeating: "a", count: 40).joined(separator: "/")
        let finished = DispatchSemaphore(value: 0)
        let answers = Locked<[Bool]>([])
        Thread.detachNewThread {
            let results = [missing, missing + "/end", "end", "a/end/b"].map {
                program.decide(RulesRequest(method: .get, bucket: "b", path: $0)).allowed
            }
            answers.withLock { $0 = results }
            finished.signal()
        }
        try #require(finished.wait(timeout: .now() + 20) == .success, "rule matching did not finish")
        #expect(answers.withLock { $0 } == [false, true, true, false])
    }

    /// Another delimiter used to have the rule checked on the prefix without it: `x-` with `-` checked the
    /// rule of folder `x`, listing root objects that rule does not cover.
    @Test func anotherDelimiterIsCheckedOnTheFolderListed() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "x-secret")
        backend.setRules(StorageRules(entries: [.init(path: "x/*", operations: [.list])]), bucket: Fixtures.bucket)
        let sideways = ListRequest(bucket: Fixtures.bucket, prefix: "x-", delimiter: "-")
        #expect(status { try backend.list(sideways) } == 403)
        #expect(status { try backend.list(ListRequest(bucket: Fixtures.bucket, prefix: "x/", delimiter: "/")) } == nil)
    }

    @Test func aWriteOnlyCallerGetsNoDownloadTokens() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "drop/box")
        backend.setRules(
            StorageRules(entries: [.init(path: "drop/**", operations: [.write])]), bucket: Fixtures.bucket)
        let updated = try backend.updateMetadata(Fixtures.address("drop/box"), patch: MetadataPatch())
        #expect(updated.downloadTokens.isEmpty)
        backend.setRules(.allowAll, bucket: Fixtures.bucket)
        let readable = try backend.updateMetadata(Fixtures.address("drop/box"), patch: MetadataPatch())
        #expect(readable.downloadTokens.count == 1)
    }
}

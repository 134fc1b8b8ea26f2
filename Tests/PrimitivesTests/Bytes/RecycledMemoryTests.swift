import Foundation
import Primitives
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Pages freed by a large buffer are kept for the next one, within the pool's bounds.
@Suite struct RecycledMemoryTests {
    private static func mapped(_ length: Int) throws -> UnsafeMutableRawPointer {
        #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS
        #else
        let flags = MAP_PRIVATE | MAP_ANON
        #endif
        let pointer = try #require(mmap(nil, length, PROT_READ | PROT_WRITE, flags, -1, 0))
        try #require(pointer != MAP_FAILED)
        return pointer
    }

    @Test func aGivenPieceIsTakenBackByABufferItFits() throws {
        let pool = RecycledMemory(capacity: 8 << 20)
        let base = try Self.mapped(1 << 20)
        pool.give(base, length: 1 << 20)
        #expect(pool.keptBytes == 1 << 20)
        #expect(pool.take(atLeast: (1 << 20) + 1) == nil)
        #expect(pool.take(atLeast: 256 * 1024) == nil)  // more than twice as large: kept for a larger buffer
        let taken = try #require(pool.take(atLeast: 600 * 1024))
        #expect(taken.baseAddress == base)
        #expect(taken.count == 1 << 20)
        #expect(pool.keptBytes == 0)
        munmap(base, 1 << 20)
    }

    @Test func thePoolKeepsNoMoreThanItsCapacityTheNewestFirst() throws {
        let pool = RecycledMemory(capacity: 1 << 20)
        let region = try Self.mapped(2 << 20)
        let (first, second) = (region, region + (1280 * 1024))  // apart, so that they do not join
        pool.give(first, length: 768 * 1024)
        pool.give(second, length: 768 * 1024)
        #expect(pool.keptBytes == 768 * 1024)
        let taken = try #require(pool.take(atLeast: 768 * 1024))
        #expect(taken.baseAddress == second)
        munmap(region, 2 << 20)
    }

    @Test func aFinishedBuffersPagesServeTheNextBuffer() throws {
        let pool = RecycledMemory(capacity: 64 << 20)
        let count = 4 << 20
        let first = try #require(GrowingBytes(capacity: 4096, expecting: count, pool: pool))
        try #require(first.extend(by: count)).initializeMemory(as: UInt8.self, repeating: 7)
        var data: Data? = first.finish()
        let address = data?.withUnsafeBytes { $0.baseAddress }
        data = nil
        #expect(pool.keptBytes >= count)
        let second = try #require(GrowingBytes(capacity: 4096, expecting: count, pool: pool))
        try #require(second.extend(by: count)).initializeMemory(as: UInt8.self, repeating: 9)
        let again = second.finish()
        #expect(again.withUnsafeBytes { $0.baseAddress } == address)
        #expect(again.allSatisfy { $0 == 9 })
    }

    @Test func keptPagesGoBackOnlyAfterThePoolIsIdleForItsIdleTime() throws {
        let now = Locked(1000)
        let pool = RecycledMemory(
            capacity: 8 << 20, idleMilliseconds: 5000, clock: { now.withLock { $0 } }, scheduler: nil)
        let region = try Self.mapped(2 << 20)
        let (first, second) = (region, region + (1 << 20))
        pool.give(first, length: 512 * 1024)
        now.withLock { $0 += 4000 }
        #expect(pool.returnIdlePages() == 0)
        #expect(pool.keptBytes == 512 * 1024)
        // In use again (a buffer takes a piece, later another is given): the idle time starts over.
        let taken = try #require(pool.take(atLeast: 512 * 1024))
        now.withLock { $0 += 3000 }
        pool.give(second, length: 1 << 20)
        now.withLock { $0 += 4999 }
        #expect(pool.returnIdlePages() == 0)
        #expect(pool.keptBytes == 1 << 20)
        now.withLock { $0 += 1 }
        #expect(pool.returnIdlePages() == 1 << 20)
        #expect(pool.keptBytes == 0)
        #expect(pool.take(atLeast: 1 << 20) == nil)
        #expect(taken.baseAddress == first)
        munmap(region, 2 << 20)
    }

    @Test func theSchedulerGivesIdlePagesBackWithoutBeingAsked() async throws {
        let pool = RecycledMemory(capacity: 8 << 20, idleMilliseconds: 20)
        pool.give(try Self.mapped(1 << 20), length: 1 << 20)
        #expect(pool.keptBytes == 1 << 20)
        for _ in 0..<200 where pool.keptBytes > 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(pool.keptBytes == 0)
    }
}

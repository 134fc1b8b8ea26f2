import Foundation
import Primitives
import Testing

/// The buffer uploads and bodies are received into: what is written comes back whole, and it moves only when
/// it must, saying so first.
@Suite struct GrowingBytesTests {
    /// Fills `count` bytes a `step` at a time; returns how many times the buffer said it would move.
    private static func fill(_ buffer: GrowingBytes, count: Int, step: Int) -> Int {
        var moves = 0
        var written = 0
        while written < count {
            let size = min(step, count - written)
            let region = buffer.extend(by: size, beforeMoving: { moves += 1 })
            region?.copyBytes(from: pattern(from: written, count: size))
            written += size
        }
        return moves
    }

    /// The bytes at `start..<start + count` of the test pattern.
    private static func pattern(from start: Int, count: Int) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            for offset in 0..<count {
                let index = start + offset
                buffer[offset] = UInt8(truncatingIfNeeded: index &* 31 &+ index >> 9)
            }
            initialized = count
        }
    }

    private static func expected(_ count: Int) -> Data { Data(pattern(from: 0, count: count)) }

    @Test(arguments: [0, 1, 4095, 4096, 256 * 1024 - 1, 256 * 1024, 3 * 1024 * 1024 + 17])
    func whatIsWrittenComesBackWhole(count: Int) throws {
        let buffer = try #require(GrowingBytes(capacity: 4096))
        _ = Self.fill(buffer, count: count, step: 10_000)
        #expect(buffer.count == count)
        let data = buffer.finish()
        #expect(data == Self.expected(count))
        #expect(buffer.count == 0)
    }

    /// From the heap into reserved address space, a buffer moves a few times; one that expects its size has
    /// the space reserved at once and never moves.
    @Test func aBufferReservedForItsSizeNeverMoves() throws {
        let count = 5 * 1024 * 1024
        let growing = try #require(GrowingBytes(capacity: 4096))
        #expect(Self.fill(growing, count: count, step: 64 * 1024) > 0)
        let expected = Self.expected(count)
        // Compared outside `#expect`, which would describe both 5 MiB values byte by byte.
        let grewWhole = growing.finish() == expected
        #expect(grewWhole)
        let reserved = try #require(GrowingBytes(capacity: 4096, expecting: count))
        #expect(Self.fill(reserved, count: count, step: 64 * 1024) == 0)
        let reservedWhole = reserved.finish() == expected
        #expect(reservedWhole)
    }

    /// Truncating forgets the tail; bytes written after it replace it.
    @Test func truncatedBytesAreReplacedByWhatFollows() throws {
        let buffer = try #require(GrowingBytes(capacity: 16, expecting: 1 << 20))
        _ = Self.fill(buffer, count: 600_000, step: 100_000)
        buffer.truncate(to: 300_000)
        let tail = try #require(buffer.extend(by: 4))
        tail.copyBytes(from: [1, 2, 3, 4])
        var expected = Self.expected(300_000)
        expected.append(contentsOf: [1, 2, 3, 4])
        #expect(buffer.finish() == expected)
    }
}

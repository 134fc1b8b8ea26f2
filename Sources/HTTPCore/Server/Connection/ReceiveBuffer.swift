#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The bytes received on a connection and not yet consumed, in one contiguous region.
///
/// Grows on demand up to `maxCapacity`; the parser's line limits guarantee a line never needs more.
final class ReceiveBuffer {
    private var storage: UnsafeMutableRawPointer
    private var capacity: Int
    private var start = 0
    private var end = 0
    private let maxCapacity: Int

    init(initialCapacity: Int, maxCapacity: Int) {
        self.capacity = min(initialCapacity, maxCapacity)
        self.maxCapacity = maxCapacity
        storage = UnsafeMutableRawPointer.allocate(byteCount: capacity, alignment: 16)
    }

    deinit {
        storage.deallocate()
    }

    var count: Int { end - start }

    var isEmpty: Bool { start == end }

    /// The unconsumed bytes; valid until the next mutation.
    var bytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: storage + start, count: end - start)
    }

    func consume(_ byteCount: Int) {
        start += byteCount
        if start == end {
            start = 0
            end = 0
        }
    }

    /// Copies up to `destination.count` bytes out and consumes them; returns how many.
    func take(into destination: UnsafeMutableRawBufferPointer) -> Int {
        let byteCount = min(destination.count, count)
        if byteCount > 0, let target = destination.baseAddress {
            target.copyMemory(from: storage + start, byteCount: byteCount)
            consume(byteCount)
        }
        return byteCount
    }

    /// Room after the unconsumed bytes, compacting or growing first; empty only when full at `maxCapacity`.
    func freeSpace() -> UnsafeMutableRawBufferPointer {
        if capacity - end < 4096, start > 0 {
            (storage).copyMemory(from: storage + start, byteCount: end - start)
            end -= start
            start = 0
        }
        if end == capacity, capacity < maxCapacity {
            let grown = min(capacity * 2, maxCapacity)
            let replacement = UnsafeMutableRawPointer.allocate(byteCount: grown, alignment: 16)
            replacement.copyMemory(from: storage, byteCount: end)
            storage.deallocate()
            storage = replacement
            capacity = grown
        }
        return UnsafeMutableRawBufferPointer(start: storage + end, count: capacity - end)
    }

    /// Marks `byteCount` bytes written into `freeSpace()` as received.
    func commit(_ byteCount: Int) {
        end += byteCount
    }
}

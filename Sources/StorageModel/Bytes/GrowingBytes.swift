import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable malloc'd region that becomes a `Data` without copying: request bodies and uploads staged in
/// memory are received straight into their final storage.
///
/// It grows geometrically as bytes arrive, never from a size a client declared. One owner at a time (a
/// connection's thread, or whoever holds its upload session's lock).
public final class GrowingBytes: @unchecked Sendable {
    private var pointer: UnsafeMutableRawPointer?
    private var capacity = 0
    public private(set) var count = 0

    /// Storage for `capacity` bytes to start with, or nil if the allocation failed.
    public init?(capacity: Int) {
        guard capacity > 0 else { return }
        guard let allocated = malloc(capacity) else { return nil }
        pointer = allocated
        self.capacity = capacity
    }

    /// Large regions are offered huge pages: receiving hundreds of MiB otherwise spends much of its time
    /// faulting in 4 KiB pages.
    private static func adviseHugePages(_ pointer: UnsafeMutableRawPointer, capacity: Int) {
        let hugePage = 2 * 1024 * 1024
        guard capacity >= 2 * hugePage else { return }
        let start = (Int(bitPattern: pointer) + hugePage - 1) & ~(hugePage - 1)
        let end = (Int(bitPattern: pointer) + capacity) & ~(hugePage - 1)
        guard end > start, let aligned = UnsafeMutableRawPointer(bitPattern: start) else { return }
        _ = madvise(aligned, end - start, MADV_HUGEPAGE)
    }

    deinit {
        free(pointer)
    }

    /// Extends the stored bytes by `byteCount` and returns the new (uninitialized) tail to fill in.
    /// Nil if memory ran out.
    public func extend(by byteCount: Int) -> UnsafeMutableRawBufferPointer? {
        let needed = count + byteCount
        if needed > capacity {
            let grown = max(needed, capacity * 2, 4096)
            guard let moved = realloc(pointer, grown) else { return nil }
            Self.adviseHugePages(moved, capacity: grown)
            pointer = moved
            capacity = grown
        }
        guard let pointer else { return UnsafeMutableRawBufferPointer(start: nil, count: 0) }
        let tail = UnsafeMutableRawBufferPointer(start: pointer + count, count: byteCount)
        count = needed
        return tail
    }

    /// Forgets the bytes past `newCount` (an extension that was not filled, or a chunk that failed).
    public func truncate(to newCount: Int) {
        count = max(0, min(count, newCount))
    }

    /// Hands the bytes over to a `Data` that frees them when released; the buffer is empty afterwards.
    public func finish() -> Data {
        guard let pointer, count > 0 else { return Data() }
        let data = Data(bytesNoCopy: pointer, count: count, deallocator: .free)
        self.pointer = nil
        capacity = 0
        count = 0
        return data
    }
}

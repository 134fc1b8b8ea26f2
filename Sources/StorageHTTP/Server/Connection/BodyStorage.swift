import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable malloc'd region that becomes a `Data` without copying.
///
/// Used for request bodies so a large upload is received straight into its final storage. It grows
/// geometrically as bytes arrive, never from a size the client declared.
struct BodyStorage: ~Copyable {
    private var pointer: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    /// Storage for `capacity` bytes, or nil if the allocation failed.
    init?(capacity: Int) {
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
    mutating func extend(by byteCount: Int) -> UnsafeMutableRawBufferPointer? {
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

    /// Hands the bytes over to a `Data` that frees them when released.
    consuming func finish() -> Data {
        guard let pointer, count > 0 else { return Data() }
        self.pointer = nil
        return Data(bytesNoCopy: pointer, count: count, deallocator: .free)
    }
}

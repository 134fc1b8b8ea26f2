import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable malloc'd region that becomes a `Data` without copying.
///
/// Used for request bodies so a large upload is received straight into its final storage, with
/// geometric growth when the size is not known in advance (chunked bodies).
struct BodyStorage: ~Copyable {
    private var pointer: UnsafeMutableRawPointer?
    private var capacity = 0
    private(set) var count = 0

    /// Storage for `capacity` bytes, or nil if the allocation failed.
    init?(capacity: Int) {
        guard capacity > 0 else { return }
        guard let allocated = Self.allocate(capacity) else { return nil }
        pointer = allocated
        self.capacity = capacity
    }

    /// Large regions are aligned to 2 MiB and offered huge pages: receiving hundreds of MiB otherwise
    /// spends much of its time faulting in 4 KiB pages.
    private static func allocate(_ capacity: Int) -> UnsafeMutableRawPointer? {
        let hugePage = 2 * 1024 * 1024
        guard capacity >= 2 * hugePage else { return malloc(capacity) }
        var allocated: UnsafeMutableRawPointer?
        guard posix_memalign(&allocated, hugePage, capacity) == 0, let allocated else { return nil }
        _ = madvise(allocated, capacity, MADV_HUGEPAGE)
        return allocated
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

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Mapped pages that held a large buffer (an object's bytes, a request body) and were freed, kept for the next
/// large buffer instead of going back to the system.
///
/// Receiving into fresh memory costs a page fault and the system's zeroing of every page; on a virtual machine
/// whose host takes freed memory back, that costs about as much as an upload's MD5. Pages used again cost
/// neither. Their old bytes are never read: a buffer gives out only what it has written (`GrowingBytes`).
///
/// Holds at most `capacity` bytes in at most `maximumPieces` pieces; a piece given when they are full pushes
/// out the oldest, and what does not fit is unmapped at once. Adjacent pieces join. A buffer takes a piece whole,
/// and gives back what it did not fill when it finishes (`ReservedRegion.release(after:)`).
package final class RecycledMemory: Sendable {
    /// Whole pages from `address` (an integer, so the list is `Sendable`), mapped readable and writable.
    private struct Piece {
        var address: Int
        var length: Int
        var end: Int { address + length }
    }

    private struct Pieces {
        /// Oldest first.
        var list: [Piece] = []
        var bytes = 0
    }

    private let pieces = Locked(Pieces())
    /// The most bytes kept.
    package let capacity: Int
    package let maximumPieces: Int
    /// Pieces smaller than this are unmapped: the allocator serves buffers that small.
    package static let smallestPiece = 256 * 1024

    /// The pool `GrowingBytes` uses: 512 MiB (room for a large object's pages beside smaller ones), or an eighth
    /// of the machine's memory when that is less.
    package static let shared = RecycledMemory(capacity: min(512 << 20, physicalMemory / 8))

    package init(capacity: Int, maximumPieces: Int = 64) {
        self.capacity = max(0, capacity)
        self.maximumPieces = max(1, maximumPieces)
    }

    /// The bytes kept now.
    package var keptBytes: Int { pieces.withLock { $0.bytes } }

    /// The smallest kept piece that holds `bytes` and is no more than twice as large, mapped readable and
    /// writable, for the caller to hand back with `give` (or unmap); nil when there is none. A small buffer does
    /// not take the pages a large one is likely to want again.
    package func take(atLeast bytes: Int) -> UnsafeMutableRawBufferPointer? {
        guard bytes > 0, bytes <= capacity else { return nil }
        let piece = pieces.withLock { pieces -> Piece? in
            let fits = pieces.list.indices.filter {
                pieces.list[$0].length >= bytes && pieces.list[$0].length / 2 <= bytes
            }
            guard let best = fits.min(by: { pieces.list[$0].length < pieces.list[$1].length }) else { return nil }
            pieces.bytes -= pieces.list[best].length
            return pieces.list.remove(at: best)
        }
        guard let piece, let base = UnsafeMutableRawPointer(bitPattern: piece.address) else { return nil }
        return UnsafeMutableRawBufferPointer(start: base, count: piece.length)
    }

    /// Keeps `length` bytes from `base` (whole pages, mapped readable and writable, no longer used) for a later
    /// buffer, or unmaps them when they are too small or do not fit.
    package func give(_ base: UnsafeMutableRawPointer, length: Int) {
        guard length > 0 else { return }
        guard length >= Self.smallestPiece, length <= capacity else {
            munmap(base, length)
            return
        }
        var given = Piece(address: Int(bitPattern: base), length: length)
        let evicted = pieces.withLock { pieces -> [Piece] in
            if let before = pieces.list.firstIndex(where: { $0.end == given.address }) {
                given = Piece(address: pieces.list[before].address, length: pieces.list[before].length + given.length)
                pieces.bytes -= pieces.list.remove(at: before).length
            }
            if let after = pieces.list.firstIndex(where: { $0.address == given.end }) {
                given.length += pieces.list[after].length
                pieces.bytes -= pieces.list.remove(at: after).length
            }
            pieces.list.append(given)
            pieces.bytes += given.length
            var evicted: [Piece] = []
            while pieces.bytes > capacity || pieces.list.count > maximumPieces {
                let oldest = pieces.list.removeFirst()
                pieces.bytes -= oldest.length
                evicted.append(oldest)
            }
            return evicted
        }
        for piece in evicted {
            if let address = UnsafeMutableRawPointer(bitPattern: piece.address) { munmap(address, piece.length) }
        }
    }

    private static var physicalMemory: Int {
        #if canImport(Glibc)
        let pages = sysconf(Int32(_SC_PHYS_PAGES))
        #else
        let pages = sysconf(_SC_PHYS_PAGES)
        #endif
        return pages > 0 ? pages * Int(getpagesize()) : 0
    }
}

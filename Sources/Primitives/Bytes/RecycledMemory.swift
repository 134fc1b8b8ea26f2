import Dispatch

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
///
/// Pages are kept only while large buffers come and go: once the pool has been neither taken from nor given to
/// for `idleMilliseconds`, every piece goes back to the system (a timer on Dispatch's threads checks, one at a
/// time, only while pieces are kept), so an idle server shrinks back after large bodies.
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
        /// When a piece was last taken or given (the clock's milliseconds).
        var lastUse = 0
        /// Whether a check for idleness is scheduled.
        var checkScheduled = false
    }

    /// Runs `work` after about `milliseconds`.
    package typealias Scheduler = @Sendable (_ milliseconds: Int, _ work: @escaping @Sendable () -> Void) -> Void

    private let pieces = Locked(Pieces())
    /// The most bytes kept.
    package let capacity: Int
    package let maximumPieces: Int
    /// Pieces smaller than this are unmapped: the allocator serves buffers that small.
    package static let smallestPiece = 256 * 1024
    /// How long the pool goes unused before its pages go back to the system.
    package let idleMilliseconds: Int
    /// 5 s: back-to-back large bodies (a benchmark, a client's next upload, a retry) come well within it, and
    /// the price of giving back is paid once per idle spell: about half a second of system CPU for the next
    /// 256 MiB body to fault its pages in again (docs/development.md).
    package static let defaultIdleMilliseconds = 5000
    private let clock: @Sendable () -> Int
    private let scheduler: Scheduler?

    /// The pool `GrowingBytes` uses: 512 MiB (room for a large object's pages beside smaller ones), or an eighth
    /// of the machine's memory when that is less.
    package static let shared = RecycledMemory(capacity: min(512 << 20, physicalMemory / 8))

    /// A pool of at most `capacity` bytes in `maximumPieces` pieces, given back after `idleMilliseconds` unused
    /// on `clock` (monotonic milliseconds). `scheduler` runs the idleness checks; with nil, nothing is given back
    /// until `returnIdlePages()` is called (tests drive it so).
    package init(
        capacity: Int, maximumPieces: Int = 64, idleMilliseconds: Int = defaultIdleMilliseconds,
        clock: @escaping @Sendable () -> Int = { MonotonicClock.milliseconds() },
        scheduler: Scheduler? = RecycledMemory.dispatchScheduler
    ) {
        self.capacity = max(0, capacity)
        self.maximumPieces = max(1, maximumPieces)
        self.idleMilliseconds = max(0, idleMilliseconds)
        self.clock = clock
        self.scheduler = scheduler
    }

    deinit {
        for piece in pieces.withLock({ $0.list }) { Self.unmap(piece) }
    }

    /// Runs the work on a global Dispatch queue: no thread of the pool's own.
    package static let dispatchScheduler: Scheduler = { milliseconds, work in
        DispatchQueue.global(qos: .utility).asyncAfter(deadline: .now() + .milliseconds(milliseconds), execute: work)
    }

    /// The bytes kept now.
    package var keptBytes: Int { pieces.withLock { $0.bytes } }

    /// The smallest kept piece that holds `bytes` and is no more than twice as large, mapped readable and
    /// writable, for the caller to hand back with `give` (or unmap); nil when there is none. A small buffer does
    /// not take the pages a large one is likely to want again.
    package func take(atLeast bytes: Int) -> UnsafeMutableRawBufferPointer? {
        guard bytes > 0, bytes <= capacity else { return nil }
        let now = clock()
        let piece = pieces.withLock { pieces -> Piece? in
            pieces.lastUse = now
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
        let now = clock()
        let (evicted, scheduleCheck) = pieces.withLock { pieces -> ([Piece], Bool) in
            pieces.lastUse = now
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
            let scheduleCheck = !pieces.checkScheduled && !pieces.list.isEmpty
            if scheduleCheck { pieces.checkScheduled = true }
            return (evicted, scheduleCheck)
        }
        for piece in evicted { Self.unmap(piece) }
        if scheduleCheck { scheduleIdleCheck(after: idleMilliseconds) }
    }

    /// Gives every kept piece back to the system when the pool has gone unused for `idleMilliseconds`; else,
    /// with a scheduler, checks again when it will have. Returns the bytes given back.
    @discardableResult
    package func returnIdlePages() -> Int {
        let now = clock()
        let (returned, checkAgainAfter) = pieces.withLock { pieces -> ([Piece], Int?) in
            let unusedFor = now &- pieces.lastUse
            guard !pieces.list.isEmpty, unusedFor < idleMilliseconds else {
                pieces.checkScheduled = false
                defer { (pieces.list, pieces.bytes) = ([], 0) }
                return (pieces.list, nil)
            }
            return ([], max(1, idleMilliseconds - unusedFor))
        }
        for piece in returned { Self.unmap(piece) }
        if let checkAgainAfter { scheduleIdleCheck(after: checkAgainAfter) }
        return returned.reduce(0) { $0 + $1.length }
    }

    private func scheduleIdleCheck(after milliseconds: Int) {
        scheduler?(milliseconds) { [weak self] in self?.returnIdlePages() }
    }

    private static func unmap(_ piece: Piece) {
        if let address = UnsafeMutableRawPointer(bitPattern: piece.address) { munmap(address, piece.length) }
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

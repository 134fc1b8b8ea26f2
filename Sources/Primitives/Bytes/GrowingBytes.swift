import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A growable region that becomes a `Data` without copying: request bodies and uploads staged in memory are
/// received straight into their final storage.
///
/// It grows geometrically as bytes arrive, never from a size a client declared. Small, it lives on the heap;
/// from `reservationThreshold` on, in a `ReservedRegion` that grows in place (a larger reservation is taken,
/// and the bytes copied, only when one runs out). A buffer that expects a large size first takes pages freed by
/// an earlier one (`RecycledMemory`), where they are at hand, and its pages go back there when freed. Not
/// `Sendable`: it belongs to one reader of a body, or to the locked state of an upload's staging.
public final class GrowingBytes {
    private enum Storage {
        case heap(UnsafeMutableRawPointer?, capacity: Int)
        case reserved(ReservedRegion)
    }

    private var storage: Storage
    public private(set) var count = 0
    private let pool: RecycledMemory

    /// From this size on, bytes live in reserved address space instead of the heap.
    static let reservationThreshold = 256 * 1024
    /// The most address space reserved ahead for what a client says it will send (16 GiB): declared sizes cannot
    /// use up the address space.
    static let largestReservation = 1 << 34

    /// The smallest step a buffer grows by.
    public static let smallestStep = 16 * 1024

    /// How much a buffer holding `received` bytes, with `remaining` still to come, grows by next: as much as it
    /// holds (so it doubles), at least `smallestStep` and at most `largest`, and never past what is to come. A
    /// buffer filled step by step so is never made writable more than `max(smallestStep, received)` ahead of
    /// the bytes that arrived.
    public static func step(received: Int, remaining: Int, largest: Int) -> Int {
        max(0, min(remaining, min(largest, max(smallestStep, received))))
    }

    /// Storage for `capacity` bytes to start with, or nil if the allocation failed. With `expecting`, the bytes
    /// the buffer will likely hold (a body's declared length, say): from `reservationThreshold` on, pages used
    /// before for that many bytes when `pool` has them, else that much address space reserved at once, so the
    /// buffer never moves on its way there. Only address space: memory is still taken as the bytes arrive.
    public convenience init?(capacity: Int, expecting expected: Int = 0) {
        self.init(capacity: capacity, expecting: expected, pool: .shared)
    }

    /// A buffer whose large pages come from and go back to `pool`.
    package init?(capacity: Int, expecting expected: Int = 0, pool: RecycledMemory) {
        self.pool = pool
        if expected >= Self.reservationThreshold,
            let region = ReservedRegion(recycling: expected, from: pool)
                ?? ReservedRegion(
                    reserving: min(max(expected, 1 << 30), Self.largestReservation), usable: capacity, pool: pool)
        {
            storage = .reserved(region)
            return
        }
        guard capacity > 0 else {
            storage = .heap(nil, capacity: 0)
            return
        }
        guard let allocated = malloc(capacity) else { return nil }
        storage = .heap(allocated, capacity: capacity)
    }

    deinit {
        switch storage {
        case .heap(let pointer, _): free(pointer)
        case .reserved(let region): region.release()
        }
    }

    /// Extends the stored bytes by `byteCount` and returns the new (uninitialized) tail to fill in; nil if memory
    /// ran out. `beforeMoving` runs first when the bytes stored so far must move (no one may be reading them).
    public func extend(by byteCount: Int, beforeMoving: () -> Void = {}) -> UnsafeMutableRawBufferPointer? {
        let needed = count + byteCount
        switch storage {
        case .heap(let pointer, let capacity):
            if needed > capacity {
                beforeMoving()
                guard grow(from: pointer, to: needed, capacity: capacity) else { return nil }
            }
        case .reserved(var region):
            if needed > region.reserved {
                beforeMoving()
                guard relocate(from: region.base, to: needed) else { return nil }
            } else {
                guard region.makeUsable(needed) else { return nil }
                storage = .reserved(region)
            }
        }
        let tail = UnsafeMutableRawBufferPointer(start: base.map { $0 + count }, count: byteCount)
        count = needed
        return tail
    }

    /// Forgets the bytes past `newCount` (an extension that was not filled, or a chunk that failed).
    public func truncate(to newCount: Int) {
        count = max(0, min(count, newCount))
    }

    /// Hands the bytes over to a `Data` that frees them when released; the buffer is empty afterwards.
    public func finish() -> Data {
        defer {
            storage = .heap(nil, capacity: 0)
            count = 0
        }
        switch storage {
        case .heap(let pointer, _):
            guard let pointer, count > 0 else {
                free(pointer)
                return Data()
            }
            return Data(bytesNoCopy: pointer, count: count, deallocator: .free)
        case .reserved(let region):
            guard count > 0 else {
                region.release()
                return Data()
            }
            let mapped = region.release(after: count)
            let pool = pool
            return Data(
                bytesNoCopy: region.base, count: count,
                deallocator: .custom { base, _ in pool.give(base, length: mapped) })
        }
    }

    private var base: UnsafeMutableRawPointer? {
        switch storage {
        case .heap(let pointer, _): pointer
        case .reserved(let region): region.base
        }
    }

    /// Doubles the heap storage (or more, to fit `needed`), moving into reserved space once large.
    private func grow(from pointer: UnsafeMutableRawPointer?, to needed: Int, capacity: Int) -> Bool {
        let grown = max(needed, capacity * 2, 4096)
        if grown >= Self.reservationThreshold, relocate(from: pointer, to: needed) {
            free(pointer)
            return true
        }
        guard let moved = realloc(pointer, grown) else { return false }
        storage = .heap(moved, capacity: grown)
        return true
    }

    /// Moves the bytes into a new reservation with room for `needed` eight times over, and at least 1 GiB:
    /// address space, not memory, so growth stays in place for a long while and copies are rare.
    private func relocate(from old: UnsafeMutableRawPointer?, to needed: Int) -> Bool {
        guard let region = ReservedRegion(reserving: max(needed * 8, 1 << 30), usable: needed, pool: pool) else {
            return false
        }
        if let old, count > 0 { region.base.copyMemory(from: old, byteCount: count) }
        if case .reserved(let previous) = storage { previous.release() }
        storage = .reserved(region)
        return true
    }
}

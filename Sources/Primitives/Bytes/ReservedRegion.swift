#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Address space reserved for a buffer that grows (inaccessible and uncommitted), made writable a piece at a
/// time as the buffer needs it, so that it grows in place: nothing moves, nothing is copied.
///
/// The region starts on a 2 MiB boundary and, past its first 2 MiB, is offered huge pages (`MADV_HUGEPAGE`):
/// where the system gives them, receiving hundreds of MiB costs one fault per 2 MiB instead of one per 4 KiB,
/// which on some machines (virtual ones above all) is most of what receiving costs.
///
/// A region may also be made of pages used before (`RecycledMemory`), which cost no fault at all; it cannot grow
/// past them. Released, the writable pages go to the pool and the rest of the reservation back to the system.
struct ReservedRegion {
    let base: UnsafeMutableRawPointer
    /// The bytes of address space reserved from `base`.
    let reserved: Int
    /// The bytes from `base` that may be written.
    private(set) var usable = 0
    /// Where the writable pages go when released.
    let pool: RecycledMemory

    static let hugePage = 2 << 20

    /// Reserves `bytes` (rounded up to whole huge pages) with the first `usable` writable; nil, with nothing
    /// left reserved, when the address space or the memory cannot be had.
    init?(reserving bytes: Int, usable: Int = 0, pool: RecycledMemory) {
        let size = Self.roundUp(max(bytes, 1), to: Self.hugePage)
        let slack = Self.hugePage
        #if canImport(Glibc)
        let flags = MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE
        #else
        let flags = MAP_PRIVATE | MAP_ANON | MAP_NORESERVE
        #endif
        guard let mapped = mmap(nil, size + slack, PROT_NONE, flags, -1, 0), mapped != MAP_FAILED else { return nil }
        let start = Self.roundUp(Int(bitPattern: mapped), to: Self.hugePage)
        let head = start - Int(bitPattern: mapped)
        if head > 0 { munmap(mapped, head) }
        if slack - head > 0 { munmap(mapped + head + size, slack - head) }
        base = mapped + head
        reserved = size
        self.pool = pool
        guard makeUsable(usable) else {
            release()
            return nil
        }
    }

    /// At least `bytes` of pages used before, all writable; nil when the pool holds no piece that large.
    init?(recycling bytes: Int, from pool: RecycledMemory) {
        guard let pages = pool.take(atLeast: bytes), let base = pages.baseAddress else { return nil }
        self.base = base
        reserved = pages.count
        usable = pages.count
        self.pool = pool
    }

    /// Makes the first `bytes` writable (rounded up to whole pages within the first huge page, to whole huge pages
    /// past it, within the reservation); false when they do not fit or the system refuses the memory. Below one
    /// huge page nothing is made writable ahead of what is asked: a buffer that receives a few bytes is charged
    /// a few pages, even where every writable private page counts (strict overcommit) or where a whole huge page
    /// would be taken at the first touch.
    mutating func makeUsable(_ bytes: Int) -> Bool {
        guard bytes > usable else { return true }
        let unit = bytes < Self.hugePage ? Int(getpagesize()) : Self.hugePage
        let target = min(Self.roundUp(bytes, to: unit), reserved)
        guard target >= bytes, mprotect(base + usable, target - usable, PROT_READ | PROT_WRITE) == 0 else {
            return false
        }
        #if canImport(Glibc)
        // Past the first huge page only: a buffer that receives a few bytes costs a few pages, not 2 MiB.
        let advised = max(usable, Self.hugePage)
        if target > advised { _ = madvise(base + advised, target - advised, MADV_HUGEPAGE) }
        #endif
        usable = target
        return true
    }

    /// Gives back what lies past the first `bytes` (rounded up to whole pages): writable pages to the pool, the
    /// rest of the reservation to the system; returns how many bytes from `base` remain mapped, for
    /// `release(mapped:)` once they are no longer used.
    func release(after bytes: Int) -> Int {
        let kept = min(Self.roundUp(bytes, to: Int(getpagesize())), reserved)
        if usable > kept { pool.give(base + kept, length: usable - kept) }
        let unused = max(kept, usable)
        if reserved > unused { munmap(base + unused, reserved - unused) }
        return kept
    }

    /// Gives back the whole region.
    func release() {
        _ = release(after: 0)
    }

    static func roundUp(_ value: Int, to multiple: Int) -> Int {
        (value + multiple - 1) / multiple * multiple
    }
}

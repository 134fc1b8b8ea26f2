#if canImport(Glibc)
import Glibc
#endif

/// Gives freed memory back to the system (docs/limits.md). glibc keeps what a large `free` leaves at the top of its
/// heaps, so after a burst of large buffers the process stays as large as its peak: buffers of at least
/// `mappedThreshold` bytes are mapped instead (unmapped when freed), and a trim runs after large frees, at most once
/// a second. Elsewhere (Darwin) the allocator returns memory by itself and this does nothing.
package enum MemoryReturn {
    /// Allocations this large or larger are mapped on their own.
    package static let mappedThreshold = 1 << 20
    /// Freed bytes noted since the last trim that start one.
    package static let trimAfterBytes = 16 << 20

    private struct State {
        var freedSinceTrim = 0
        var lastTrim = 0
    }

    private static let state = Locked(State())

    #if canImport(Glibc)
    /// glibc's `mallopt` and `malloc_trim`, looked up once (they are in `<malloc.h>`, outside the Glibc module).
    private struct GlibcMalloc: Sendable {
        let mallopt: (@convention(c) (Int32, Int32) -> Int32)?
        let trim: (@convention(c) (Int) -> Int32)?
    }

    private static let glibc: GlibcMalloc = {
        let program = dlopen(nil, RTLD_NOW)
        func symbol<Function>(_ name: String, as type: Function.Type) -> Function? {
            guard let address = dlsym(program, name) else { return nil }
            return unsafeBitCast(address, to: type)
        }
        return GlibcMalloc(
            mallopt: symbol("mallopt", as: (@convention(c) (Int32, Int32) -> Int32).self),
            trim: symbol("malloc_trim", as: (@convention(c) (Int) -> Int32).self))
    }()
    #endif

    /// Maps large buffers from now on (call once, at start-up).
    package static func mapLargeBuffers() {
        #if canImport(Glibc)
        // M_MMAP_THRESHOLD is -3 in glibc's <malloc.h>, which Swift's Glibc module does not bring in.
        if let mallopt = glibc.mallopt { _ = mallopt(-3, Int32(mappedThreshold)) }
        #endif
    }

    /// Notes that about `bytes` were freed; trims when enough were since the last trim, at most once a second.
    package static func noteFreed(bytes: Int) {
        guard bytes > 0 else { return }
        let due = state.withLock { state -> Bool in
            state.freedSinceTrim += bytes
            let now = MonotonicClock.milliseconds()
            guard state.freedSinceTrim >= trimAfterBytes, now - state.lastTrim >= 1000 else { return false }
            state.freedSinceTrim = 0
            state.lastTrim = now
            return true
        }
        if due { trim() }
    }

    /// Hands the free memory at the top of every heap back to the system now.
    package static func trim() {
        #if canImport(Glibc)
        if let trim = glibc.trim { _ = trim(0) }
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts detached POSIX threads, reporting failure instead of crashing.
enum DetachedThread {
    /// The stack each thread gets: plenty for a handler (nothing it runs recurses deeply; JSON nests 64 levels at
    /// most), where the usual 8 MiB would charge each connection served on a thread 8 MiB of writable memory.
    static let stackSize = 1 << 20

    /// Runs `body` on a new detached thread; returns false when the system refuses to create one.
    static func start(_ body: @escaping @Sendable () -> Void) -> Bool {
        let context = Unmanaged.passRetained(ThreadBody(body))
        var attributes = pthread_attr_t()
        pthread_attr_init(&attributes)
        defer { pthread_attr_destroy(&attributes) }
        pthread_attr_setdetachstate(&attributes, Int32(PTHREAD_CREATE_DETACHED))
        pthread_attr_setstacksize(&attributes, stackSize)
        #if canImport(Glibc)
        var thread = pthread_t()
        #else
        var thread: pthread_t?
        #endif
        let result = pthread_create(
            &thread, &attributes,
            { argument in
                if let argument {
                    Unmanaged<ThreadBody>.fromOpaque(argument).takeRetainedValue().body()
                }
                return nil
            }, context.toOpaque())
        guard result == 0 else {
            context.release()
            return false
        }
        return true
    }

    private final class ThreadBody {
        let body: @Sendable () -> Void

        init(_ body: @escaping @Sendable () -> Void) {
            self.body = body
        }
    }
}

import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The descriptors of the connections being served, so the server can enforce its limit and, on stop,
/// shut down connections that overstay the grace period.
///
/// A connection leaves the registry *before* its descriptor is closed, so `shutdownAll()` can never hit a
/// descriptor number the system has already handed to someone else.
final class ConnectionRegistry: Sendable {
    private let descriptors = Mutex<Set<Int32>>([])

    /// Registers `descriptor` unless `limit` connections are already registered.
    func add(_ descriptor: Int32, limit: Int) -> Bool {
        descriptors.withLock { set in
            guard set.count < limit else { return false }
            set.insert(descriptor)
            return true
        }
    }

    func remove(_ descriptor: Int32) {
        _ = descriptors.withLock { $0.remove(descriptor) }
    }

    var count: Int {
        descriptors.withLock { $0.count }
    }

    /// Shuts every registered connection down both ways, waking any thread blocked on it.
    func shutdownAll() {
        descriptors.withLock { set in
            for descriptor in set {
                _ = shutdown(descriptor, Int32(SHUT_RDWR))
            }
        }
    }
}

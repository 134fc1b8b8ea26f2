import CEventPolling

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Waits until any of many descriptors has something to read (bytes, end of stream or an error): epoll on Linux,
/// `poll()` elsewhere. Level-triggered: a descriptor stays ready until what it holds is read. Used by one thread.
final class ReadinessPoller {
    #if os(Linux)
    private let epoll: Int32
    private var events: [epoll_event]
    #else
    private var watched: [pollfd] = []
    private var positions: [Int32: Int] = [:]
    #endif

    init(batch: Int = 256) throws {
        #if os(Linux)
        epoll = epoll_create1(Int32(EPOLL_CLOEXEC))
        guard epoll >= 0 else { throw HTTPServerError.systemCallFailed("epoll_create1", code: errno) }
        events = Array(repeating: epoll_event(), count: max(1, batch))
        #endif
    }

    deinit {
        #if os(Linux)
        close(epoll)
        #endif
    }

    /// Starts watching `descriptor`; throws when the system has no room for another.
    func add(_ descriptor: Int32) throws {
        #if os(Linux)
        var event = epoll_event()
        event.events = EPOLLIN.rawValue | EPOLLRDHUP.rawValue
        event.data.fd = descriptor
        guard epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event) == 0 else {
            throw HTTPServerError.systemCallFailed("epoll_ctl", code: errno)
        }
        #else
        guard positions[descriptor] == nil else { return }
        positions[descriptor] = watched.count
        watched.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        #endif
    }

    /// Stops watching `descriptor` (before it is closed or handed to another thread).
    func remove(_ descriptor: Int32) {
        #if os(Linux)
        var unused = epoll_event()
        _ = epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &unused)
        #else
        guard let position = positions.removeValue(forKey: descriptor) else { return }
        let last = watched.removeLast()
        if position < watched.count {
            watched[position] = last
            positions[last.fd] = position
        }
        #endif
    }

    /// Waits up to `timeoutMilliseconds` (-1: without limit) and calls `ready` with each descriptor that has
    /// something to read. Returns without calling it on timeout or when a signal interrupted the wait.
    func wait(timeoutMilliseconds: Int32, _ ready: (Int32) -> Void) {
        #if os(Linux)
        let count = events.withUnsafeMutableBufferPointer { buffer in
            epoll_wait(epoll, buffer.baseAddress, Int32(buffer.count), timeoutMilliseconds)
        }
        guard count > 0 else { return }
        for index in 0..<Int(count) {
            ready(events[index].data.fd)
        }
        #else
        let count = watched.withUnsafeMutableBufferPointer { buffer in
            poll(buffer.baseAddress, nfds_t(buffer.count), timeoutMilliseconds)
        }
        guard count > 0 else { return }
        let readyDescriptors = watched.filter { $0.revents != 0 }.map(\.fd)
        readyDescriptors.forEach(ready)
        #endif
    }
}

import Primitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An accepted TCP socket in non-blocking mode whose every wait is bounded: reads and writes that cannot go on
/// at once wait in `poll()` with a timeout (a write at most `writeTimeoutMilliseconds` without progress), and
/// nothing raises SIGPIPE.
struct ConnectionSocket {
    let descriptor: Int32
    var writeTimeoutMilliseconds: Int32 = 30_000

    /// Disables Nagle (responses go out in one write each) and makes the socket non-blocking.
    func configure() {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK)
    }

    /// Receives whatever is available without waiting: the byte count, or 0 when nothing is ready (or
    /// `space` is empty). Throws `peerClosed` at end of stream.
    func receiveAvailable(into space: UnsafeMutableRawBufferPointer) throws(ConnectionError) -> Int {
        guard !space.isEmpty else { return 0 }
        while true {
            let count = recv(descriptor, space.baseAddress, space.count, Int32(MSG_DONTWAIT))
            if count > 0 { return count }
            if count == 0 { throw .peerClosed }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            default: throw .failed(errno)
            }
        }
    }

    /// Receives what is available, waiting up to `timeoutMilliseconds` for something to arrive; throws `timedOut`
    /// when nothing does. Returns 0 only after a spurious wakeup, which callers treat as "no progress yet".
    func receive(into space: UnsafeMutableRawBufferPointer, timeoutMilliseconds: Int32) throws(ConnectionError) -> Int {
        let ready = try receiveAvailable(into: space)
        if ready > 0 { return ready }
        switch wait(timeoutMilliseconds: timeoutMilliseconds, stopDescriptor: nil) {
        case .readable: break
        case .timedOut, .stopped: throw .timedOut
        }
        return try receiveAvailable(into: space)
    }

    enum WaitOutcome {
        case readable
        case timedOut
        case stopped
    }

    /// Waits until the socket is readable (data, end of stream or error), the stop descriptor becomes
    /// readable, or the timeout passes. Readability wins over stop when both hold.
    func wait(timeoutMilliseconds: Int32, stopDescriptor: Int32?) -> WaitOutcome {
        withUnsafeTemporaryAllocation(of: pollfd.self, capacity: 2) { fds in
            fds[0] = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            fds[1] = pollfd(fd: stopDescriptor ?? -1, events: Int16(POLLIN), revents: 0)
            let count = nfds_t(stopDescriptor == nil ? 1 : 2)
            var timeout = timeoutMilliseconds
            var deadline: Int?
            while true {
                let result = poll(fds.baseAddress, count, timeout)
                if result > 0 { return fds[0].revents != 0 ? .readable : .stopped }
                if result == 0 { return .timedOut }
                guard errno == EINTR else { return .readable }  // let the next recv report the error
                let end = deadline ?? MonotonicClock.milliseconds() + Int(timeoutMilliseconds)
                deadline = end
                timeout = Int32(clamping: max(0, end - MonotonicClock.milliseconds()))
            }
        }
    }

    /// Writes all of `bytes`, waiting for room as long as the write timeout allows each time.
    func send(_ bytes: UnsafeRawBufferPointer) throws(ConnectionError) {
        var offset = 0
        while offset < bytes.count {
            let sent = try sendAvailable(UnsafeRawBufferPointer(rebasing: bytes[offset...]))
            offset += sent
            if sent == 0 { try awaitWritable() }
        }
    }

    /// Sends as much of `first` then `second` as the socket takes now, in one system call; returns how many
    /// bytes it took (0 when it is full). With `more`, the kernel may hold them back for bytes that follow.
    func sendAvailable(
        _ first: UnsafeRawBufferPointer,
        _ second: UnsafeRawBufferPointer = UnsafeRawBufferPointer(start: nil, count: 0),
        more: Bool = false
    ) throws(ConnectionError) -> Int {
        guard first.count + second.count > 0 else { return 0 }
        let flags = SystemCalls.noSignal | Int32(MSG_DONTWAIT) | (more ? SystemCalls.moreToFollow : 0)
        while true {
            let written: Int
            if second.isEmpty {
                written = SystemCalls.send(descriptor, first.baseAddress, first.count, flags)
            } else {
                var vectors = (
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: first.baseAddress), iov_len: first.count),
                    iovec(iov_base: UnsafeMutableRawPointer(mutating: second.baseAddress), iov_len: second.count)
                )
                written = withUnsafeMutableBytes(of: &vectors) { raw in
                    var message = msghdr()
                    message.msg_iov = raw.baseAddress?.assumingMemoryBound(to: iovec.self)
                    message.msg_iovlen = 2
                    return sendmsg(descriptor, &message, flags)
                }
            }
            if written >= 0 { return written }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            case EPIPE, ECONNRESET: throw .peerClosed
            default: throw .failed(errno)
            }
        }
    }

    /// Sends up to `length` bytes of the open file `file` from `offset` with `sendfile` (no copy through user
    /// space) as far as the socket takes them now; returns how many (0 when it is full). Throws `.failed(EIO)`
    /// when the file ends early.
    func sendFileAvailable(_ file: Int32, offset: Int64, length: Int64) throws(ConnectionError) -> Int64 {
        var position = off_t(offset)
        while true {
            let sent = SystemCalls.sendFile(descriptor, file, &position, Int(min(length, 1 << 30)))
            if sent > 0 { return Int64(sent) }
            if sent == 0 { throw .failed(EIO) }
            switch errno {
            case EINTR: continue
            case EAGAIN, EWOULDBLOCK: return 0
            case EPIPE, ECONNRESET: throw .peerClosed
            default: throw .failed(errno)
            }
        }
    }

    /// Waits until the socket has room for more bytes; throws `timedOut` after the write timeout without it.
    func awaitWritable() throws(ConnectionError) {
        var entry = pollfd(fd: descriptor, events: Int16(POLLOUT), revents: 0)
        let deadline = MonotonicClock.milliseconds() + Int(writeTimeoutMilliseconds)
        while true {
            let remaining = Int32(clamping: max(0, deadline - MonotonicClock.milliseconds()))
            let result = poll(&entry, 1, remaining)
            if result > 0 { return }
            if result == 0 { throw .timedOut }
            guard errno == EINTR else { throw .failed(errno) }
        }
    }

    /// Sends what fits in the socket buffer right now, never blocking (used to refuse a connection).
    func sendWithoutWaiting(_ bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes {
            SystemCalls.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
        }
    }

    /// Half-closes: the peer sees end of stream, we can still read what it sends.
    func shutdownWrite() {
        _ = shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Reads and throws away what the peer still sends, until it closes, `limit` bytes pass or the time runs
    /// out, so that closing does not reset the connection before the peer has read our last response.
    func drain(limit: Int, timeoutMilliseconds: Int32, stopDescriptor: Int32?) {
        let deadline = MonotonicClock.milliseconds() + Int(timeoutMilliseconds)
        var discarded = 0
        var scratch = [UInt8](repeating: 0, count: 16 * 1024)
        while discarded < limit {
            let count = scratch.withUnsafeMutableBytes {
                recv(descriptor, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT))
            }
            if count > 0 {
                discarded += count
                continue
            }
            if count == 0 || (errno != EAGAIN && errno != EWOULDBLOCK && errno != EINTR) { return }
            let remaining = deadline - MonotonicClock.milliseconds()
            guard remaining > 0 else { return }
            switch wait(timeoutMilliseconds: Int32(clamping: remaining), stopDescriptor: stopDescriptor) {
            case .readable: continue
            case .timedOut, .stopped: return
            }
        }
    }

    func close() {
        _ = SystemCalls.close(descriptor)
    }

    /// Makes the next `close()` reset the connection (RST) instead of ending it in order.
    func resetOnClose() {
        var linger = SystemCalls.linger(seconds: 0)
        setsockopt(descriptor, SOL_SOCKET, SO_LINGER, &linger, socklen_t(MemoryLayout<linger>.size))
    }
}

/// Why a connection cannot go on.
enum ConnectionError: Error {
    /// The peer closed or reset the connection.
    case peerClosed
    /// A read or write made no progress within its timeout.
    case timedOut
    case failed(Int32)
}

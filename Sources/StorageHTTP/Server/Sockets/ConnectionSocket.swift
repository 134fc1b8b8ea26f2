#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An accepted, blocking TCP socket whose every wait is bounded: reads wait in `poll()` with a timeout,
/// writes are bounded by `SO_SNDTIMEO`, and nothing raises SIGPIPE.
struct ConnectionSocket {
    let descriptor: Int32

    /// Disables Nagle (responses go out in one write each) and bounds blocking writes.
    func configure(writeTimeout: Duration) {
        var one: Int32 = 1
        setsockopt(descriptor, Int32(IPPROTO_TCP), TCP_NODELAY, &one, socklen_t(MemoryLayout<Int32>.size))
        var timeout = writeTimeout.socketTimeout
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
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

    /// Writes all of `bytes`.
    /// Writes all of `bytes`; with `more`, the kernel may hold them back for the bytes that follow (`MSG_MORE`).
    func send(_ bytes: UnsafeRawBufferPointer, more: Bool = false) throws(ConnectionError) {
        var offset = 0
        let flags = more ? SystemCalls.moreToFollow : 0
        while offset < bytes.count {
            let written = SystemCalls.send(
                descriptor, bytes.baseAddress.map { $0 + offset }, bytes.count - offset, flags)
            if written >= 0 {
                offset += written
                continue
            }
            try Self.checkWriteError(errno)
        }
    }

    /// Writes `head` then `body` with as few system calls as the kernel allows (one `sendmsg` when it takes all).
    func send(head: UnsafeRawBufferPointer, body: UnsafeRawBufferPointer) throws(ConnectionError) {
        var headOffset = 0
        var bodyOffset = 0
        while headOffset < head.count || bodyOffset < body.count {
            var vectors = [
                iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: head.baseAddress.map { $0 + headOffset }),
                    iov_len: head.count - headOffset),
                iovec(
                    iov_base: UnsafeMutableRawPointer(mutating: body.baseAddress.map { $0 + bodyOffset }),
                    iov_len: body.count - bodyOffset),
            ]
            let written = vectors.withUnsafeMutableBufferPointer { pointer -> Int in
                var message = msghdr()
                message.msg_iov = pointer.baseAddress
                message.msg_iovlen = 2
                return sendmsg(descriptor, &message, SystemCalls.noSignal)
            }
            guard written >= 0 else {
                try Self.checkWriteError(errno)
                continue
            }
            let fromHead = min(written, head.count - headOffset)
            headOffset += fromHead
            bodyOffset += written - fromHead
        }
    }

    /// Sends `length` bytes of the open file `file` from `offset` with `sendfile`, without copying them through
    /// user space; throws `.failed(EIO)` when the file ends early.
    func send(file: Int32, offset: Int64, length: Int64) throws(ConnectionError) {
        var position = off_t(offset)
        var remaining = length
        while remaining > 0 {
            let sent = SystemCalls.sendFile(descriptor, file, &position, Int(min(remaining, 1 << 30)))
            if sent > 0 {
                remaining -= Int64(sent)
            } else if sent == 0 {
                throw .failed(EIO)
            } else {
                try Self.checkWriteError(errno)
            }
        }
    }

    private static func checkWriteError(_ code: Int32) throws(ConnectionError) {
        switch code {
        case EINTR: return
        case EAGAIN, EWOULDBLOCK: throw .timedOut
        case EPIPE, ECONNRESET: throw .peerClosed
        default: throw .failed(code)
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

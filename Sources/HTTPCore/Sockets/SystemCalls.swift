#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The few socket calls and constants whose spelling differs between Linux (Glibc) and the Apple platforms
/// (Darwin), in one place, so the rest of the server and client is written once.
///
/// On Darwin there is no `MSG_NOSIGNAL`, no `SOCK_CLOEXEC`/`SOCK_NONBLOCK` for `socket()`: sockets get
/// `SO_NOSIGPIPE` and `fcntl` flags instead (and `BrokenPipes.ignore()` covers every other write).
enum SystemCalls {
    #if canImport(Glibc)
    static let streamSocket = Int32(SOCK_STREAM.rawValue)
    /// The flag that keeps a socket write from raising SIGPIPE.
    static let noSignal = Int32(MSG_NOSIGNAL)
    #else
    static let streamSocket = SOCK_STREAM
    static let noSignal: Int32 = 0
    #endif

    /// A new TCP socket of `family`, close-on-exec, blocking or not, that never raises SIGPIPE.
    static func streamSocket(family: Int32, protocol: Int32, nonBlocking: Bool) -> Int32 {
        #if canImport(Glibc)
        var type = streamSocket | Int32(SOCK_CLOEXEC.rawValue)
        if nonBlocking { type |= Int32(SOCK_NONBLOCK.rawValue) }
        return socket(family, type, `protocol`)
        #else
        let descriptor = socket(family, streamSocket, `protocol`)
        guard descriptor >= 0 else { return descriptor }
        _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        if nonBlocking { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        preventSignals(descriptor)
        return descriptor
        #endif
    }

    /// Makes writes to `descriptor` fail with EPIPE instead of raising SIGPIPE where a flag cannot (Darwin).
    static func preventSignals(_ descriptor: Int32) {
        #if canImport(Darwin)
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_NOSIGPIPE, &one, socklen_t(MemoryLayout<Int32>.size))
        #endif
    }

    @discardableResult
    static func close(_ descriptor: Int32) -> Int32 {
        #if canImport(Glibc)
        Glibc.close(descriptor)
        #else
        Darwin.close(descriptor)
        #endif
    }

    @discardableResult
    static func send(_ descriptor: Int32, _ bytes: UnsafeRawPointer?, _ count: Int, _ flags: Int32) -> Int {
        #if canImport(Glibc)
        Glibc.send(descriptor, bytes, count, flags | noSignal)
        #else
        Darwin.send(descriptor, bytes, count, flags)
        #endif
    }

    /// `MSG_MORE` where the system has it: more bytes follow, so the kernel may hold these back to join them.
    #if canImport(Glibc)
    static let moreToFollow = Int32(MSG_MORE)
    #else
    static let moreToFollow: Int32 = 0
    #endif

    /// Sends up to `count` bytes of `file` from `offset` (advanced past them) to a socket; the bytes sent, 0
    /// when the file ended, or -1 with `errno`.
    static func sendFile(_ socket: Int32, _ file: Int32, _ offset: inout off_t, _ count: Int) -> Int {
        #if canImport(Glibc)
        return Glibc.sendfile(socket, file, &offset, count)
        #else
        var buffer = [UInt8](repeating: 0, count: min(count, 1 << 20))
        let read = buffer.withUnsafeMutableBytes { pread(file, $0.baseAddress, $0.count, offset) }
        guard read > 0 else { return read }
        let sent = buffer.withUnsafeBytes { Darwin.send(socket, $0.baseAddress, read, 0) }
        if sent > 0 { offset += off_t(sent) }
        return sent
        #endif
    }

    static func accept(_ descriptor: Int32, _ address: UnsafeMutablePointer<sockaddr>, _ length: inout socklen_t)
        -> Int32
    {
        #if canImport(Glibc)
        Glibc.accept(descriptor, address, &length)
        #else
        Darwin.accept(descriptor, address, &length)
        #endif
    }

    static func connect(_ descriptor: Int32, _ address: UnsafePointer<sockaddr>, _ length: socklen_t) -> Int32 {
        #if canImport(Glibc)
        Glibc.connect(descriptor, address, length)
        #else
        Darwin.connect(descriptor, address, length)
        #endif
    }

    /// `SO_LINGER` on, with this timeout: 0 makes `close` reset the connection.
    static func linger(seconds: Int32) -> linger {
        #if canImport(Glibc)
        Glibc.linger(l_onoff: 1, l_linger: seconds)
        #else
        Darwin.linger(l_onoff: 1, l_linger: seconds)
        #endif
    }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Opens TCP connections for the HTTP client with a bounded connect: a non-blocking `connect` waited on
/// with `poll()`, so neither a dead host nor a full backlog can hold the caller past its timeout.
enum ClientSocket {
    /// Why a connection could not be opened, in words for an error message.
    struct Failure: Error {
        let reason: String
    }

    /// Connects to `host:port`, trying each address the name resolves to, and returns a socket with Nagle off
    /// whose writes wait at most `timeoutMilliseconds` for room.
    static func connect(host: String, port: Int, timeoutMilliseconds: Int32) throws(Failure) -> ConnectionSocket {
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SystemCalls.streamSocket
        var list: UnsafeMutablePointer<addrinfo>?
        let resolved = getaddrinfo(host, String(port), &hints, &list)
        guard resolved == 0, let first = list else {
            throw Failure(reason: "cannot resolve \(host): " + String(cString: gai_strerror(resolved)))
        }
        defer { freeaddrinfo(first) }
        var lastReason = "no address for \(host)"
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let address = entry {
            entry = address.pointee.ai_next
            switch attempt(address.pointee, timeoutMilliseconds: timeoutMilliseconds) {
            case .success(let socket): return socket
            case .failure(let failure): lastReason = failure.reason
            }
        }
        throw Failure(reason: lastReason)
    }

    private static func attempt(_ address: addrinfo, timeoutMilliseconds: Int32) -> Result<ConnectionSocket, Failure> {
        let descriptor = SystemCalls.streamSocket(
            family: address.ai_family, protocol: address.ai_protocol, nonBlocking: true)
        guard descriptor >= 0 else { return .failure(Failure(reason: "socket: " + errorText(errno))) }
        let socket = ConnectionSocket(descriptor: descriptor, writeTimeoutMilliseconds: timeoutMilliseconds)
        var failure: Failure?
        if SystemCalls.connect(descriptor, address.ai_addr, address.ai_addrlen) != 0 {
            if errno == EINPROGRESS {
                failure = awaitConnection(socket, timeoutMilliseconds: timeoutMilliseconds)
            } else {
                failure = Failure(reason: errorText(errno))
            }
        }
        if let failure {
            socket.close()
            return .failure(failure)
        }
        socket.configure()
        return .success(socket)
    }

    /// Waits for a connection under way (the socket becomes writable), then reads how it ended.
    private static func awaitConnection(_ socket: ConnectionSocket, timeoutMilliseconds: Int32) -> Failure? {
        do {
            try socket.awaitWritable()
        } catch {
            guard case .failed(let code) = error else {
                return Failure(reason: "no connection within \(timeoutMilliseconds / 1000) s")
            }
            return Failure(reason: errorText(code))
        }
        let descriptor = socket.descriptor
        var code: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(descriptor, SOL_SOCKET, SO_ERROR, &code, &length) == 0 else {
            return Failure(reason: errorText(errno))
        }
        return code == 0 ? nil : Failure(reason: errorText(code))
    }

    static func errorText(_ code: Int32) -> String { String(cString: strerror(code)) }
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A non-blocking TCP socket bound and listening on the configured host and port.
struct ListeningSocket: Sendable {
    let descriptor: Int32
    let port: Int

    /// Resolves `host`, binds the first address that works and listens.
    static func open(host: String, port: Int, backlog: Int32 = 1024) throws -> ListeningSocket {
        guard !host.isEmpty else { throw HTTPServerError.invalidHost(host, reason: "the host is empty") }
        var hints = addrinfo()
        hints.ai_family = AF_UNSPEC
        hints.ai_socktype = SystemCalls.streamSocket
        hints.ai_flags = AI_PASSIVE | AI_NUMERICSERV
        var list: UnsafeMutablePointer<addrinfo>?
        let status = getaddrinfo(host, String(port), &hints, &list)
        guard status == 0, let first = list else {
            throw HTTPServerError.invalidHost(host, reason: String(cString: gai_strerror(status)))
        }
        defer { freeaddrinfo(first) }

        var lastError = HTTPServerError.invalidHost(host, reason: "no usable address")
        var entry: UnsafeMutablePointer<addrinfo>? = first
        while let info = entry {
            entry = info.pointee.ai_next
            do {
                return try bindAndListen(info.pointee, host: host, port: port, backlog: backlog)
            } catch let error as HTTPServerError {
                lastError = error
            }
        }
        throw lastError
    }

    private static func bindAndListen(_ info: addrinfo, host: String, port: Int, backlog: Int32) throws
        -> ListeningSocket
    {
        let descriptor = SystemCalls.streamSocket(family: info.ai_family, protocol: info.ai_protocol, nonBlocking: true)
        guard descriptor >= 0 else { throw HTTPServerError.systemCallFailed("socket", code: errno) }
        var one: Int32 = 1
        setsockopt(descriptor, SOL_SOCKET, SO_REUSEADDR, &one, socklen_t(MemoryLayout<Int32>.size))
        guard bind(descriptor, info.ai_addr, info.ai_addrlen) == 0 else {
            let code = errno
            SystemCalls.close(descriptor)
            switch code {
            case EADDRINUSE: throw HTTPServerError.addressInUse(host: host, port: port)
            case EADDRNOTAVAIL: throw HTTPServerError.invalidHost(host, reason: "not an address of this machine")
            default: throw HTTPServerError.systemCallFailed("bind", code: code)
            }
        }
        guard listen(descriptor, backlog) == 0 else {
            let code = errno
            SystemCalls.close(descriptor)
            if code == EADDRINUSE { throw HTTPServerError.addressInUse(host: host, port: port) }
            throw HTTPServerError.systemCallFailed("listen", code: code)
        }
        guard let boundPort = SocketAddress.localPort(of: descriptor) else {
            let code = errno
            SystemCalls.close(descriptor)
            throw HTTPServerError.systemCallFailed("getsockname", code: code)
        }
        return ListeningSocket(descriptor: descriptor, port: boundPort)
    }

    /// Accepts one pending connection: its descriptor (close-on-exec, blocking) and the peer address, or the errno.
    func accept() -> Result<(descriptor: Int32, peer: String), AcceptFailure> {
        var storage = sockaddr_storage()
        var length = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let accepted = withUnsafeMutablePointer(to: &storage) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                SystemCalls.accept(descriptor, $0, &length)
            }
        }
        guard accepted >= 0 else { return .failure(AcceptFailure(code: errno)) }
        _ = fcntl(accepted, F_SETFD, FD_CLOEXEC)
        SystemCalls.preventSignals(accepted)
        return .success((accepted, SocketAddress.describe(storage)))
    }

    func close() {
        _ = SystemCalls.close(descriptor)
    }

    /// An `accept` errno.
    struct AcceptFailure: Error {
        let code: Int32

        /// Out of descriptors or memory: worth backing off before the next try.
        var isResourceExhaustion: Bool {
            code == EMFILE || code == ENFILE || code == ENOBUFS || code == ENOMEM
        }
    }
}

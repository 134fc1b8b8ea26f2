#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why an `HTTPServer` could not start.
public enum HTTPServerError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `start()` was called on a server that is already running.
    case alreadyRunning
    /// The host is not an address or resolvable name, or not an address of this machine.
    case invalidHost(String, reason: String)
    case invalidPort(Int)
    /// Another socket already listens on this address and port.
    case addressInUse(host: String, port: Int)
    case invalidConfiguration(String)
    /// A system call failed; `code` is its `errno`.
    case systemCallFailed(String, code: Int32)

    public var description: String {
        switch self {
        case .alreadyRunning:
            return "the HTTP server is already running"
        case .invalidHost(let host, let reason):
            return "cannot listen on host '\(host)': \(reason)"
        case .invalidPort(let port):
            return "invalid port \(port): must be between 0 and 65535"
        case .addressInUse(let host, let port):
            return "cannot listen on \(host):\(port): the address is already in use"
        case .invalidConfiguration(let message):
            return "invalid server configuration: \(message)"
        case .systemCallFailed(let call, let code):
            return "\(call) failed: \(String(cString: strerror(code))) (errno \(code))"
        }
    }
}

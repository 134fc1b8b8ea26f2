import Foundation

extension HostPolicy {
    /// Bytes that cannot be in a `host[:port]` (a `Host` holding one is not used in URLs).
    private static let unsafeInAuthority = Set("/?#@\\\"<>".utf8)

    /// The request's `Host` when it is a plain `host[:port]` the host policy allows, else the server's own
    /// address: a client cannot make the server hand out upload URLs that point elsewhere.
    package func authority(of request: StorageRequest, fallback: () -> String) -> String {
        guard let host = request.header("Host"), !host.isEmpty,
            host.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Self.unsafeInAuthority.contains($0) }),
            allows(host: host)
        else { return fallback() }
        return host
    }
}

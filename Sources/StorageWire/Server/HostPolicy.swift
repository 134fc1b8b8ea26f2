import Foundation
import HTTPCore
import StorageAPI

/// Which names a request's `Host` may carry, and who may use the `/internal` routes.
///
/// A web page the developer visits can send requests to a loopback server, and with DNS rebinding its own
/// name can resolve to 127.0.0.1. So the `/internal` routes (reset, rules) refuse any request from a browser
/// (one carrying `Origin` or `Sec-Fetch-Site`), any `Host` not in the allow-list, and, when an admin token is
/// set, any request without `Authorization: Bearer TOKEN`; they send no CORS headers. A `Host` header is the
/// caller's word, so who may administer is decided by the peer's address too: without an admin token, only a
/// loopback peer may, unless remote administration was asked for. Upload URLs name the request's `Host` only
/// when it is allowed, else the server's own address.
public struct HostPolicy: Sendable, Equatable {
    /// Host names (without port, lower case; IPv6 in brackets) a request may name.
    public var allowedHosts: Set<String>
    /// When set, `/internal` routes need `Authorization: Bearer` with this token.
    public var adminToken: String?
    /// Whether a peer that is not on loopback may use the `/internal` routes without an admin token.
    public var allowsRemoteAdministration: Bool

    /// The loopback names: `localhost`, `127.0.0.1`, `[::1]`.
    public static let loopbackHosts: Set<String> = ["localhost", "127.0.0.1", "[::1]"]

    public init(
        allowedHosts: Set<String> = HostPolicy.loopbackHosts, adminToken: String? = nil,
        allowsRemoteAdministration: Bool = false
    ) {
        self.allowedHosts = Set(allowedHosts.map(Self.normalized))
        self.adminToken = adminToken
        self.allowsRemoteAdministration = allowsRemoteAdministration
    }

    /// Whether a peer not on loopback may reach the `/internal` routes at all (with the token when one is set).
    public var administersRemotely: Bool { adminToken != nil || allowsRemoteAdministration }

    /// Whether `host` (a `Host` value, with or without port) names an allowed host.
    public func allows(host: String) -> Bool {
        allowedHosts.contains(Self.normalized(Self.hostName(host)))
    }

    /// Throws 403 unless `request` may use an `/internal` route.
    package func authorizeAdministration(_ request: HTTPRequest) throws(BackendError) {
        if request.headers.contains(name: "Origin") || request.headers.contains(name: "Sec-Fetch-Site") {
            throw BackendError(
                status: 403,
                "The /internal routes do not answer browsers (the request carries Origin or Sec-Fetch-Site).")
        }
        if let host = request.headers["Host"], !allows(host: host) {
            throw BackendError(
                status: 403,
                "Host \(host) is not allowed on /internal routes; allowed: \(allowedHosts.sorted().joined(separator: ", "))."
            )
        }
        if !administersRemotely, !PeerAddress.isLoopback(request.remoteAddress) {
            throw BackendError(
                status: 403,
                "The /internal routes answer loopback peers only (this one is \(request.remoteAddress)); start serve "
                    + "with --admin-token TOKEN or --allow-remote-admin to administer it from elsewhere.")
        }
        guard let adminToken else { return }
        guard request.headers["Authorization"] == "Bearer " + adminToken else {
            throw BackendError(status: 403, "The /internal routes need Authorization: Bearer with the admin token.")
        }
    }

    /// `example.com:80` → `example.com`, `[::1]:9199` → `[::1]`.
    package static func hostName(_ host: String) -> String {
        let trimmed =
            host.utf8.contains(where: { $0 == 0x20 || $0 == 0x09 }) ? host.trimmingCharacters(in: .whitespaces) : host
        if trimmed.hasPrefix("["), let close = trimmed.firstIndex(of: "]") {
            return String(trimmed[...close])
        }
        return String(trimmed.prefix { $0 != ":" })
    }

    private static func normalized(_ host: String) -> String {
        let lower = host.lowercased()
        return lower.contains(":") && !lower.hasPrefix("[") ? "[\(lower)]" : lower
    }
}

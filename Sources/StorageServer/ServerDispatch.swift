import HTTPCore
import StorageWire

/// `serve`'s request pipeline (docs/architecture.md §3): the admin routes (`/internal/…`, `/retry_test…`) behind
/// the host policy, with no CORS; every other path goes to the first dialect that claims it, each behind its
/// layers (faults; CORS for v0), answering errors in its own shape.
struct ServerDispatch: Sendable {
    let admin: AdminRoutes
    let retryTests: RetryTestRoutes
    /// In order; the last claims every path.
    let dialects: [any Dialect]

    func respond(to http: HTTPRequest) -> HTTPResponse {
        if AdminRoute.claims(http.path) { return admin.respond(to: http) }
        if RetryTestRoutes.claims(http.path) { return retryTests.respond(to: http) }
        return dialect(for: http.path).respond(to: http)
    }

    /// Decides a request from its head, before its body is read: the admin guard, or the dialect's write rule.
    func vetHead(_ http: HTTPRequest) -> HTTPResponse? {
        if AdminRoute.claims(http.path) || RetryTestRoutes.claims(http.path) { return admin.vetHead(http) }
        return dialect(for: http.path).vetHead(http)
    }

    func streamsBody(_ http: HTTPRequest) -> Bool {
        guard !AdminRoute.claims(http.path), !RetryTestRoutes.claims(http.path) else { return false }
        return dialect(for: http.path).streamsBody(http)
    }

    /// The route's limit for a body received whole; the admin routes take the server's own (fixtures carry bytes).
    func bufferedBodyLimit(_ http: HTTPRequest) -> Int? {
        guard !AdminRoute.claims(http.path), !RetryTestRoutes.claims(http.path) else { return nil }
        return dialect(for: http.path).bufferedBodyLimit(http)
    }

    private func dialect(for path: String) -> any Dialect {
        dialects.first { $0.claims(path) } ?? dialects[dialects.count - 1]
    }
}

import HTTPCore
import StorageWire

/// `serve`'s request pipeline (docs/architecture.md §3): the route table sends a path to the admin routes
/// (`/internal/…`, `/retry_test…`, behind the host policy, with no CORS) or to a dialect behind its layers (faults;
/// CORS for v0 and XML), which reads the path into its route once and answers errors in its own shape.
struct ServerDispatch: Sendable {
    /// Where the route table sends a request.
    enum Destination: Sendable {
        case admin
        case retryTests
        case dialect(any Dialect)
    }

    let admin: AdminRoutes
    let retryTests: RetryTestRoutes
    let routes: RouteTable<Destination>

    /// - Parameters:
    ///   - dialects: in the order their patterns are tried.
    ///   - fallback: a dialect that answers its own paths and every path no route claims (with its 404).
    init(admin: AdminRoutes, retryTests: RetryTestRoutes, dialects: [any Dialect], fallback: any Dialect) {
        self.admin = admin
        self.retryTests = retryTests
        let groups: [(claim: PathClaim, group: Destination)] =
            [(.prefixes(AdminRoute.prefixes), .admin), (.prefixes(RetryTestRoutes.prefixes), .retryTests)]
            + (dialects + [fallback]).map { ($0.claim, .dialect($0)) }
        routes = RouteTable(groups, fallback: .dialect(fallback))
    }

    func respond(to http: HTTPRequest) -> HTTPResponse {
        switch routes.group(for: http.path) {
        case .admin: admin.respond(to: http)
        case .retryTests: retryTests.respond(to: http)
        case .dialect(let dialect): dialect.respondRouting(http)
        }
    }

    /// Decides a request from its head, before its body is read: the admin guard, or the dialect's write rule.
    func vetHead(_ http: HTTPRequest) -> HTTPResponse? {
        switch routes.group(for: http.path) {
        case .admin, .retryTests: admin.vetHead(http)
        case .dialect(let dialect): dialect.vetHeadRouting(http)
        }
    }

    func streamsBody(_ http: HTTPRequest) -> Bool {
        guard case .dialect(let dialect) = routes.group(for: http.path) else { return false }
        return dialect.streamsBodyRouting(http)
    }

    /// The route's limit for a body received whole; the admin routes take the server's own (fixtures carry bytes).
    func bufferedBodyLimit(_ http: HTTPRequest) -> Int? {
        guard case .dialect(let dialect) = routes.group(for: http.path) else { return nil }
        return dialect.bufferedBodyLimitRouting(http)
    }
}

/// `HTTPServer`'s questions about a request, each asked of the request read into the dialect's route once.
extension Dialect {
    fileprivate func respondRouting(_ http: HTTPRequest) -> HTTPResponse { respond(to: routed(http)) }
    fileprivate func vetHeadRouting(_ http: HTTPRequest) -> HTTPResponse? { vetHead(routed(http)) }
    fileprivate func streamsBodyRouting(_ http: HTTPRequest) -> Bool { streamsBody(routed(http)) }
    fileprivate func bufferedBodyLimitRouting(_ http: HTTPRequest) -> Int? { bufferedBodyLimit(routed(http)) }
}

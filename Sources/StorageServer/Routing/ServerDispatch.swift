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

    /// The plan for a request, from its head: its path matched once, to the admin routes or a dialect's route.
    /// `answersOnLoop` is what the plan tells the server about a request with no body.
    func plan(for head: HTTPRequest, answersOnLoop: Bool) -> any HTTPRequestPlan {
        switch routes.group(for: head.path) {
        case .admin: AdminPlan(guardian: admin, answer: admin.respond(to:), answersOnLoop: answersOnLoop)
        case .retryTests: AdminPlan(guardian: admin, answer: retryTests.respond(to:), answersOnLoop: answersOnLoop)
        case .dialect(let dialect): dialect.plan(head, answersOnLoop: answersOnLoop)
        }
    }

    /// Answers a request in process, as the server would.
    func respond(to http: HTTPRequest) -> HTTPResponse {
        plan(for: http, answersOnLoop: false).respond(to: http)
    }
}

extension Dialect {
    /// Opens the existential: the plan of a request for this dialect.
    fileprivate func plan(_ head: HTTPRequest, answersOnLoop: Bool) -> any HTTPRequestPlan {
        DialectPlan(self, head: head, answersOnLoop: answersOnLoop)
    }
}

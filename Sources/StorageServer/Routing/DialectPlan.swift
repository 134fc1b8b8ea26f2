import HTTPCore
import ReferenceService
import StorageAPI
import StorageWire

/// A request the route table gave to a dialect, with its path read into the dialect's route once, when its head
/// arrived: every question the server asks of it after that (refusal, streaming, body limit, answer) reads that
/// route.
struct DialectPlan<Planned: Dialect>: HTTPRequestPlan {
    let dialect: Planned
    let route: Result<Planned.Route?, BackendError>
    let answersOnLoop: Bool

    init(_ dialect: Planned, head: HTTPRequest, answersOnLoop: Bool) {
        self.dialect = dialect
        route = dialect.routeResult(of: head.path)
        self.answersOnLoop = answersOnLoop
    }

    func refusal(_ head: HTTPRequest) -> HTTPResponse? {
        let routed = routed(head)
        return RulesRequestParams.$current.withValue(Self.params(routed)) { dialect.vetHead(routed) }
    }
    func streamsBody(_ head: HTTPRequest) -> Bool { dialect.streamsBody(routed(head)) }
    func bufferedBodyLimit(_ head: HTTPRequest) -> Int? { dialect.bufferedBodyLimit(routed(head)) }
    func respond(to request: HTTPRequest) -> HTTPResponse {
        let routed = routed(request)
        return RulesRequestParams.$current.withValue(Self.params(routed)) { dialect.respond(to: routed) }
    }

    private func routed(_ http: HTTPRequest) -> RoutedRequest<Planned.Route> { RoutedRequest(http, route: route) }

    /// The query parameters the rules see as `request.params` while the dialect decides and answers.
    private static func params(_ routed: RoutedRequest<Planned.Route>) -> [String: String] {
        guard routed.http.query?.isEmpty == false, case .success(let parsed) = routed.parsed else { return [:] }
        return parsed.query.firstValues
    }
}

/// A request for the admin or retry-test routes: behind the admin guard, which decides from the head.
struct AdminPlan: HTTPRequestPlan {
    let guardian: AdminRoutes
    let answer: @Sendable (HTTPRequest) -> HTTPResponse
    let answersOnLoop: Bool

    func refusal(_ head: HTTPRequest) -> HTTPResponse? { guardian.vetHead(head) }
    func respond(to request: HTTPRequest) -> HTTPResponse { answer(request) }
}

import HTTPCore
import StorageAPI

/// One request on its way through a dialect, its path matched once (docs/architecture.md §3): the HTTP request,
/// the dialect's route, and its decoded query and caller. Every step a dialect and its layers take (the head's
/// vetting, the body's handling, faults, the answer) reads these instead of parsing the path again.
package struct RoutedRequest<Route> {
    package let http: HTTPRequest
    /// The dialect's route; nil when none of its routes has the path, a failure when the path is malformed (a 400
    /// to answer in the dialect's shape).
    package let route: Result<Route?, BackendError>
    /// The request as its handlers read it; a failure when its query is malformed.
    package let parsed: Result<StorageRequest, BackendError>

    package init(_ http: HTTPRequest, route: Result<Route?, BackendError>) {
        self.http = http
        self.route = route
        do throws(BackendError) {
            parsed = .success(try StorageRequest(http))
        } catch {
            parsed = .failure(error)
        }
    }

    /// The route, when the path has one and is well formed.
    package var matched: Route? {
        switch route {
        case .success(let route): route
        case .failure: nil
        }
    }

    /// The request, when its query is well formed.
    package var request: StorageRequest? { try? parsed.get() }

    package var method: String { http.method }

    /// The same route for another version of the request (a chunk cut short by a fault): its query and headers are
    /// read again, its path is not.
    package func with(_ http: HTTPRequest) -> RoutedRequest {
        RoutedRequest(http, route: route)
    }
}

import HTTPCore
import StorageAPI
import StorageWire

/// A dialect with cross-origin headers (`CrossOriginHeaders`): preflights are answered on every path the dialect
/// claims, and every other answer (refusals of the head too) carries the origin's headers.
struct CORSLayer<Inner: Dialect>: Dialect {
    let inner: Inner

    var claim: PathClaim { inner.claim }
    func route(of path: String) throws(BackendError) -> Inner.Route? { try inner.route(of: path) }
    func streamsBody(_ request: RoutedRequest<Inner.Route>) -> Bool { inner.streamsBody(request) }
    func errorResponse(_ error: BackendError) -> HTTPResponse { inner.errorResponse(error) }
    func bufferedBodyLimit(_ request: RoutedRequest<Inner.Route>) -> Int? { inner.bufferedBodyLimit(request) }
    func faultSubject(of request: RoutedRequest<Inner.Route>) -> FaultSubject? { inner.faultSubject(of: request) }
    func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse {
        inner.misreport(response, receivedBytes: receivedBytes)
    }
    func truncated(_ request: HTTPRequest, to count: Int64) -> HTTPRequest? { inner.truncated(request, to: count) }

    func respond(to request: RoutedRequest<Inner.Route>) -> HTTPResponse {
        if request.method == "OPTIONS" { return CrossOriginHeaders.preflight(request.http) }
        var response = inner.respond(to: request)
        CrossOriginHeaders.decorate(&response, for: request.http)
        return response
    }

    func vetHead(_ request: RoutedRequest<Inner.Route>) -> HTTPResponse? {
        guard var refusal = inner.vetHead(request) else { return nil }
        CrossOriginHeaders.decorate(&refusal, for: request.http)
        return refusal
    }
}

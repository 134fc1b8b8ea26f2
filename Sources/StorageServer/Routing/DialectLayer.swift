import HTTPCore
import StorageAPI
import StorageWire

/// A dialect in front of another (`inner`): it takes the inner dialect's routes and passes every requirement it
/// does not implement itself through to it, so a layer states only what it changes.
protocol DialectLayer: Dialect where Route == Inner.Route {
    associatedtype Inner: Dialect
    var inner: Inner { get }
}

extension DialectLayer {
    var claim: PathClaim { inner.claim }
    func route(of path: String) throws(BackendError) -> Inner.Route? { try inner.route(of: path) }
    func respond(to request: RoutedRequest<Inner.Route>) -> HTTPResponse { inner.respond(to: request) }
    func vetHead(_ request: RoutedRequest<Inner.Route>) -> HTTPResponse? { inner.vetHead(request) }
    func streamsBody(_ request: RoutedRequest<Inner.Route>) -> Bool { inner.streamsBody(request) }
    func bufferedBodyLimit(_ request: RoutedRequest<Inner.Route>) -> Int? { inner.bufferedBodyLimit(request) }
    func errorResponse(_ error: BackendError) -> HTTPResponse { inner.errorResponse(error) }
    func faultSubject(of request: RoutedRequest<Inner.Route>) -> FaultSubject? { inner.faultSubject(of: request) }
    func misreport(_ response: HTTPResponse, receivedBytes: Int64) -> HTTPResponse {
        inner.misreport(response, receivedBytes: receivedBytes)
    }
    func truncated(_ request: HTTPRequest, to count: Int64) -> HTTPRequest? { inner.truncated(request, to: count) }
}

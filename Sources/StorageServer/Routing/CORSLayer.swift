import HTTPCore
import StorageAPI
import StorageWire

/// A dialect with cross-origin headers (`CrossOriginHeaders`): preflights are answered on every path the dialect
/// claims, and every other answer (refusals of the head too) carries the origin's headers.
struct CORSLayer<Inner: Dialect>: DialectLayer {
    let inner: Inner

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

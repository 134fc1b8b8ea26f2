import Foundation
import HTTPCore
import StorageWire

/// A loopback HTTP server that is not a storage server, answering as the tests need: a plain web server,
/// a GCS JSON API server, or a v0 endpoint that answers the run's first question and then goes silent.
final class StandInServer: Sendable {
    enum Kind: Sendable {
        /// 404 with an HTML page for everything (what `python3 -m http.server` answers).
        case plainWeb
        /// `GET /storage/v1/b` lists buckets; everything else 404 with a plain-text body.
        case gcsJSON
        /// Answers the v0 list probe at once with an empty page, then waits `delay` before every other answer.
        case v0ThenSilent(delay: TimeInterval)
    }

    private let server: HTTPServer
    let port: Int
    /// Signalled when a request that a scenario sends arrives (not the first question): the run is running.
    let scenarioRequestArrived = DispatchSemaphore(value: 0)

    init(_ kind: Kind) throws {
        let arrived = scenarioRequestArrived
        server = HTTPServer(configuration: HTTPServerConfiguration(port: 0)) { request in
            switch kind {
            case .plainWeb:
                return HTTPResponse(
                    status: 404, headers: ["Content-Type": "text/html"],
                    body: Data("<!DOCTYPE HTML><html><title>Error response</title></html>".utf8))
            case .gcsJSON:
                if request.path == "/storage/v1/b" {
                    return HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/json"],
                        body: Data(#"{"kind":"storage#buckets","items":[]}"#.utf8))
                }
                return HTTPResponse(status: 404, headers: ["Content-Type": "text/plain"], body: Data("Not Found".utf8))
            case .v0ThenSilent(let delay):
                if request.method == "GET", request.path.hasPrefix("/v0/b/sc-probe-") {
                    return HTTPResponse(
                        status: 200, headers: ["Content-Type": "application/json"], body: Data("{}".utf8))
                }
                arrived.signal()
                Thread.sleep(forTimeInterval: delay)
                return ErrorBodyJSON.response(status: 503, message: "late")
            }
        }
        port = try server.start()
    }

    var url: String { "http://127.0.0.1:\(port)" }

    func stop() { server.stop() }
}

import Foundation
import Primitives

/// The handler's answer to a request.
///
/// The server manages `Content-Length`, `Connection` and `Transfer-Encoding` itself and adds `Date` when
/// missing; a `Connection: close` set here makes the server close the connection after this response.
public struct HTTPResponse: Sendable {
    /// A response cut short on purpose, as fault injection asks (the connection is closed after it).
    public enum Disruption: Sendable, Equatable {
        /// Reset the connection without answering.
        case reset
        /// Send the head and the first `bodyBytes` of the body, then reset the connection.
        case breakAfter(bodyBytes: Int)
        /// Send the head and the first `bodyBytes` of the body, wait `seconds` (60 at most), then send the rest.
        case stall(seconds: Double, afterBodyBytes: Int)
    }

    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// A body sent from a file region instead of `body` (with `sendfile`, never loaded into memory).
    public var file: FileRegion?
    public var disruption: Disruption?

    public init(
        status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), file: FileRegion? = nil,
        disruption: Disruption? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.file = file
        self.disruption = disruption
    }

    /// Whether the status allows a body: not 1xx, 204 or 304.
    var allowsBody: Bool { status >= 200 && status != 204 && status != 304 }

    /// The core's own error answer when the server was given no error responder: the message as plain text.
    public static func plainError(status: Int, message: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "text/plain; charset=utf-8"], body: Data((message + "\n").utf8))
    }
}

/// How a server answers the errors its core detects itself (malformed requests, timeouts, limits, no
/// connection slot): each API has its own error shape, so the API layer passes its responder.
public typealias HTTPErrorResponder = @Sendable (_ status: Int, _ message: String) -> HTTPResponse

import Foundation
import Primitives

/// The handler's answer to a request.
///
/// The server manages `Content-Length`, `Connection` and `Transfer-Encoding` itself and adds `Date` when
/// missing; a `Connection: close` set here makes the server close the connection after this response.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data
    /// A body sent from a file region instead of `body` (with `sendfile`, never loaded into memory).
    public var file: FileRegion?
    /// A body written piece by piece instead of `body` or `file`, from a thread (it may wait, or end early).
    public var producer: (any HTTPBodyProducer)?
    /// No answer at all: the connection is reset as soon as the handler returns.
    public private(set) var resetsConnection = false
    /// Words for the access log's line of this exchange (`HTTPRequestLog.note`), never sent: what the layer that
    /// answered decided, which the core does not know.
    public var logNote: String?

    public init(
        status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data(), file: FileRegion? = nil,
        producer: (any HTTPBodyProducer)? = nil
    ) {
        self.status = status
        self.headers = headers
        self.body = body
        self.file = file
        self.producer = producer
    }

    /// Resets the connection instead of answering.
    public static let connectionReset: HTTPResponse = {
        var response = HTTPResponse(status: 500)
        response.resetsConnection = true
        return response
    }()

    /// Whether the answer must be sent from a thread: it may wait, or it ends the connection its own way.
    var needsThread: Bool { producer != nil || resetsConnection }

    /// The body's length, wherever it comes from.
    var bodyLength: Int64 { producer?.length ?? file?.length ?? Int64(body.count) }

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

import Foundation

/// One HTTP request as received, handed to the server's handler.
///
/// `target`, `path` and `query` are raw: percent-escapes are not decoded, so a handler can tell an
/// encoded `%2F` from a `/`. Not `Sendable`: a body the handler streams (`bodyStream`) is read on the
/// connection's thread during the handler's call, and nowhere else.
public struct HTTPRequest {
    /// The method exactly as sent, e.g. `GET` (methods are case-sensitive).
    public var method: String
    /// The raw request target, e.g. `/v0/b/x/o/a%2Fb?alt=media`.
    public var target: String
    /// The path part of the target, still percent-encoded (for an absolute-form target, the part after the authority).
    public var path: String
    /// The part of the target after the first `?`, or `nil` when the target has no `?`.
    public var query: String?
    /// `HTTP/1.1` or `HTTP/1.0`.
    public var version: String
    public var headers: HTTPHeaders
    /// The body, unless the server left it unread for the handler to stream (`bodyStream`); then empty.
    public var body: Data
    /// A body the server did not read ahead (see `HTTPServer`'s `streamsBody`): pull it as it arrives.
    public var bodyStream: HTTPBodyStream?
    /// The peer as `address:port` (`[address]:port` for IPv6); empty for requests built in code.
    public var remoteAddress: String

    /// A request whose `path` and `query` are split from `target`.
    public init(
        method: String = "GET", target: String, version: String = "HTTP/1.1", headers: HTTPHeaders = HTTPHeaders(),
        body: Data = Data(), remoteAddress: String = ""
    ) {
        self.method = method
        self.target = target
        let parts = RequestTarget.split(target)
        self.path = parts.path
        self.query = parts.query
        self.version = version
        self.headers = headers
        self.body = body
        self.remoteAddress = remoteAddress
    }

    /// The body's length, whether the server read it (`body`) or left it to stream (`bodyStream`).
    public var bodyLength: Int64 { bodyStream.map { Int64($0.length) } ?? Int64(body.count) }
}

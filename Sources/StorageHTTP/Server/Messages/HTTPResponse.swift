import Foundation

/// The handler's answer to a request.
///
/// The server manages `Content-Length`, `Connection` and `Transfer-Encoding` itself and adds `Date` when
/// missing; a `Connection: close` set here makes the server close the connection after this response.
public struct HTTPResponse: Sendable {
    public var status: Int
    public var headers: HTTPHeaders
    public var body: Data

    public init(status: Int, headers: HTTPHeaders = HTTPHeaders(), body: Data = Data()) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    /// A JSON error in the Firebase shape `{"error":{"code":N,"message":"…"}}`, as the server core sends its own errors.
    public static func jsonError(status: Int, message: String) -> HTTPResponse {
        let body = "{\"error\":{\"code\":\(status),\"message\":\(JSONString.quoted(message))}}"
        return HTTPResponse(
            status: status,
            headers: ["Content-Type": "application/json; charset=utf-8"],
            body: Data(body.utf8)
        )
    }
}

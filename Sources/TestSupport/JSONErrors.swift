import Foundation
import HTTPCore
import Primitives

/// The error shape the core's tests read (`{"error":{"code":N,"message":"…"}}`), as a server's error responder.
@Sendable package func jsonErrorResponse(status: Int, message: String) -> HTTPResponse {
    HTTPResponse(
        status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
        body: Data("{\"error\":{\"code\":\(status),\"message\":\(JSONString.quoted(message))}}".utf8))
}

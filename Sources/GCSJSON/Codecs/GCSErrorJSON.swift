import Foundation
import HTTPCore
import Primitives
import StorageWire

/// GCS's error body: `{"error":{"code":N,"message":"…","errors":[{"domain":"global","reason":"…","message":"…"}]}}`,
/// with the reason GCS gives for the status (`notFound`, `conditionNotMet`, …).
package enum GCSErrorJSON {
    static func response(status: Int, message: String) -> HTTPResponse {
        let detail = JSONValue.members([
            "domain": .string("global"), "reason": .string(reason(for: status)), "message": .string(message),
        ])
        let body = JSONValue.members([
            "error": .members([
                "code": .number(String(status)), "message": .string(message), "errors": .array([detail]),
            ])
        ])
        var headers = HTTPHeaders()
        headers["Content-Type"] = WireResponse.jsonContentType
        return HTTPResponse(status: status, headers: headers, body: body.data)
    }

    /// An error any route built (v0-shaped, or the server core's), in GCS's shape with its headers kept.
    package static func rewrite(_ response: HTTPResponse) -> HTTPResponse {
        guard response.status >= 400 else { return response }
        let message = ErrorBodyJSON.message(from: response.body) ?? HTTPReasonPhrase.phrase(for: response.status)
        var rewritten = Self.response(status: response.status, message: message)
        for (name, value) in response.headers where name.lowercased() != "content-type" {
            rewritten.headers[name] = value
        }
        return rewritten
    }

    private static func reason(for status: Int) -> String {
        switch status {
        case 400: "invalid"
        case 401: "required"
        case 403: "forbidden"
        case 404: "notFound"
        case 405: "methodNotAllowed"
        case 409: "conflict"
        case 412: "conditionNotMet"
        case 416: "requestedRangeNotSatisfiable"
        case 429: "rateLimitExceeded"
        case 501: "notImplemented"
        case 503: "backendError"
        default: status >= 500 ? "backendError" : "invalid"
        }
    }
}

import Foundation
import HTTPCore
import StorageAPI

/// The responses every route builds: JSON bodies and `{"error":{"code":N,"message":"…"}}` errors.
package enum WireResponse {
    package static let jsonContentType = "application/json; charset=utf-8"

    package static func json(_ body: Data, status: Int = 200, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        var headers = headers
        headers["Content-Type"] = jsonContentType
        return HTTPResponse(status: status, headers: headers, body: body)
    }

    package static func resource(_ resource: ObjectResource, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        json(ObjectResourceJSON.encode(resource), headers: headers)
    }

    /// A service's status passes through; a failure of a service behind this one (transport, malformed
    /// answer, or a status that is not an error) is a 502.
    package static func error(_ error: BackendError, headers: HTTPHeaders = HTTPHeaders()) -> HTTPResponse {
        let status: Int
        let message: String
        switch error.kind {
        case .status(let code) where (400...599).contains(code):
            status = code
            message = error.message
        default:
            status = 502
            message = "The service behind this server failed: \(error.description)"
        }
        var response = ErrorBodyJSON.response(status: status, message: message)
        for (name, value) in headers { response.headers[name] = value }
        return response
    }

    /// Sets `name` only when `value` can be written in a header (no CR, LF or NUL).
    package static func setHeader(_ name: String, _ value: String?, in headers: inout HTTPHeaders) {
        guard var value else { return }
        let unsafe = value.withUTF8 { $0.contains { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 } }
        guard !unsafe else { return }
        headers[name] = value
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// The XML API's error answer: `<Error><Code>NoSuchKey</Code><Message>…</Message></Error>`, its code chosen from
/// what failed. A handler names a code by starting the message with it (`XMLErrorBody.coded`); otherwise the status
/// decides, a missing bucket being `NoSuchBucket` and any other 404 `NoSuchKey`.
enum XMLErrorBody {
    static let contentType = "application/xml; charset=UTF-8"

    /// An error whose XML code is `code`.
    static func coded(_ code: String, status: Int, _ message: String) -> BackendError {
        BackendError(status: status, code + ": " + message)
    }

    static func response(_ error: BackendError) -> HTTPResponse {
        let status: Int
        var message = error.message
        switch error.kind {
        case .status(let code) where (400...599).contains(code): status = code
        default:
            status = 502
            message = "The service behind this server failed: \(error.description)"
        }
        var code = self.code(status: status, isBucket: error.isBucketNotFound)
        if let colon = message.firstIndex(of: ":"), message[..<colon].allSatisfy({ $0.isASCII && $0.isLetter }),
            message.first?.isUppercase == true, message[..<colon].contains(where: \.isLowercase)
        {
            code = String(message[..<colon])
            message = String(message[message.index(after: colon)...]).trimmingCharacters(in: .whitespaces)
        }
        var xml = XMLAnswer.writer()
        xml.open("Error")
        xml.element("Code", text: code)
        xml.element("Message", text: message)
        xml.close("Error")
        var headers = HTTPHeaders()
        headers["Content-Type"] = contentType
        if let retryAfter = error.retryAfter, retryAfter.isFinite, retryAfter >= 0, retryAfter < 1e9 {
            headers["Retry-After"] = String(Int(retryAfter.rounded(.up)))
        }
        return HTTPResponse(status: status, headers: headers, body: xml.data)
    }

    /// An answer some layer built in another shape (the server core's, or a fault's), as an XML error with its
    /// headers kept.
    static func rewrite(_ response: HTTPResponse) -> HTTPResponse {
        guard response.status >= 400,
            response.headers["Content-Type"]?.hasPrefix("application/xml") != true
        else { return response }
        let message = ErrorBodyJSON.message(from: response.body) ?? HTTPReasonPhrase.phrase(for: response.status)
        var rewritten = Self.response(BackendError(status: response.status, message))
        for (name, value) in response.headers where name.lowercased() != "content-type" {
            rewritten.headers[name] = value
        }
        return rewritten
    }

    private static func code(status: Int, isBucket: Bool) -> String {
        switch status {
        case 400: "InvalidArgument"
        case 401: "AuthenticationRequired"
        case 403: "AccessDenied"
        case 404: isBucket ? "NoSuchBucket" : "NoSuchKey"
        case 405: "MethodNotAllowed"
        case 409: "Conflict"
        case 411: "MissingContentLength"
        case 412: "PreconditionFailed"
        case 413: "EntityTooLarge"
        case 416: "InvalidRange"
        case 429: "SlowDown"
        case 501: "NotImplemented"
        case 503: "ServiceUnavailable"
        default: status >= 500 ? "InternalError" : "InvalidRequest"
        }
    }
}

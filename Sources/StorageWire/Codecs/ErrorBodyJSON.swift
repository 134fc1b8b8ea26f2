import Foundation
import HTTPCore
import Primitives

/// Error bodies: `{"error":{"code":N,"message":"…"}}` as written, and any service's error answer as read.
package enum ErrorBodyJSON {
    package static func encode(status: Int, message: String) -> Data {
        Data("{\"error\":{\"code\":\(status),\"message\":\(JSONString.quoted(message))}}".utf8)
    }

    /// An error answer in the v0 shape: the core's error responder for the v0 server, and every route's errors.
    @Sendable package static func response(status: Int, message: String) -> HTTPResponse {
        HTTPResponse(
            status: status, headers: ["Content-Type": "application/json; charset=utf-8"],
            body: encode(status: status, message: message))
    }

    /// The message an error answer carries: `error.message` of a JSON body, else the body's text (the
    /// emulator answers `Not Found` in plain text), cut to a readable length; nil for an empty body.
    package static func message(from body: Data) -> String? {
        if let json = try? JSONParser.parse(body), let message = json["error"]?["message"]?.stringValue {
            return message
        }
        let text = String(decoding: body.prefix(Self.textLimit), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return body.count > Self.textLimit ? text + "…" : text
    }

    package static let textLimit = 500
}

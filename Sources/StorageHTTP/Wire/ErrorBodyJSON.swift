import Foundation

/// Error bodies: `{"error":{"code":N,"message":"…"}}` as written, and any service's error answer as read.
public enum ErrorBodyJSON {
    public static func encode(status: Int, message: String) -> Data {
        HTTPResponse.jsonError(status: status, message: message).body
    }

    /// The message an error answer carries: `error.message` of a JSON body, else the body's text (the
    /// emulator answers `Not Found` in plain text), cut to a readable length; nil for an empty body.
    public static func message(from body: Data) -> String? {
        if let json = try? WireJSONParser.parse(body), let message = json["error"]?["message"]?.stringValue {
            return message
        }
        let text = String(decoding: body.prefix(Self.textLimit), as: UTF8.self)
            .trimmingCharacters(in: .whitespacesAndNewlines)
        guard !text.isEmpty else { return nil }
        return body.count > Self.textLimit ? text + "…" : text
    }

    static let textLimit = 500
}

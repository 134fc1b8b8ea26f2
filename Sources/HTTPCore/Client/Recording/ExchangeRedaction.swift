import Foundation
import Primitives

/// How a recorded exchange hides secrets and keeps its size: which headers are kept, which are blanked,
/// which query parameters are tokens, and how a body is cut.
package enum ExchangeRedaction {
    /// Headers whose values are credentials.
    static let secretHeaders: Set<String> = [
        "authorization", "proxy-authorization", "cookie", "set-cookie", "x-firebase-appcheck",
        "x-goog-iam-authorization-token", "x-goog-signature", "x-goog-credential",
    ]
    /// Headers left out: they say nothing about conformance.
    static let droppedHeaders: Set<String> = [
        "connection", "keep-alive", "date", "server", "user-agent", "accept-encoding", "host",
    ]
    /// Query parameters whose values are credentials (compared lower-cased).
    static let secretParameters: Set<String> = [
        "token", "access_token", "key", "x-goog-signature", "x-goog-credential", "signature", "x-amz-signature",
        "googleaccessid",
    ]
    /// JSON members whose string values are credentials: download tokens grant read access to an object.
    static let secretMembers = [
        "downloadTokens", "firebaseStorageDownloadTokens", "access_token", "id_token", "refresh_token",
    ]
    /// The opening of a secret member's string value, up to the value (which may be cut off by the body limit).
    private static let secretMemberValue: NSRegularExpression? = {
        let names = secretMembers.joined(separator: "|")
        return try? NSRegularExpression(pattern: #"("(?:"# + names + #")"\s*:\s*")[^"]*"#)
    }()

    /// A body longer than this is shown as its length and digest only; hashing it would cost more than the
    /// report is worth.
    static let hashLimit = 1 << 20

    static let redacted = "REDACTED"

    /// `name: value`, or nil for a header left out.
    package static func header(_ name: String, _ value: String) -> String? {
        let lower = name.lowercased()
        if droppedHeaders.contains(lower) { return nil }
        return "\(lower): \(secretHeaders.contains(lower) ? redacted : value)"
    }

    package static func url(_ url: URL) -> String {
        guard var components = URLComponents(url: url, resolvingAgainstBaseURL: false),
            let items = components.percentEncodedQueryItems, !items.isEmpty
        else { return url.absoluteString }
        components.percentEncodedQueryItems = items.map { item in
            guard secretParameters.contains(item.name.lowercased()), item.value != nil else { return item }
            return URLQueryItem(name: item.name, value: redacted)
        }
        return components.string ?? url.absoluteString
    }

    /// Text up to `limit` bytes (cut at a character, with the full length said); anything else as its
    /// length and SHA-256.
    package static func body(_ data: Data, limit: Int) -> String {
        if data.isEmpty { return "" }
        if let text = String(data: data.prefix(limit), encoding: .utf8) ?? cutUTF8(data, limit: limit),
            isText(text)
        {
            let shown = redactingSecretMembers(text)
            return data.count <= limit ? shown : shown + "… (\(data.count) bytes in all)"
        }
        if data.count > hashLimit { return "<\(data.count) bytes>" }
        return "<\(data.count) bytes, sha256 \(SHA256.hex(of: data))>"
    }

    /// The text with every secret member's value replaced; the whole text withheld if the pattern is missing.
    static func redactingSecretMembers(_ text: String) -> String {
        guard let pattern = secretMemberValue else { return "<body withheld>" }
        let range = NSRange(text.startIndex..., in: text)
        return pattern.stringByReplacingMatches(in: text, range: range, withTemplate: "$1\(redacted)")
    }

    /// The prefix decoded after dropping up to three bytes of a character the cut split.
    private static func cutUTF8(_ data: Data, limit: Int) -> String? {
        guard data.count > limit else { return nil }
        for drop in 1...3 where limit > drop {
            if let text = String(data: data.prefix(limit - drop), encoding: .utf8) { return text }
        }
        return nil
    }

    private static func isText(_ text: String) -> Bool {
        text.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\r" || $0 == "\t" }
    }
}

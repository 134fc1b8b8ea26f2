import Foundation

/// The status line and header fields of an HTTP/1.1 response, parsed from the bytes before the blank line.
struct ResponseHead {
    var version: String
    var status: Int
    /// Field names lower-cased; a repeated field's values joined with ", " (RFC 9110 §5.3).
    var headers: [String: String]

    /// Why the bytes are not an HTTP/1.x response head.
    struct Malformed: Error {
        let reason: String
    }

    /// Parses `bytes` (the head without its final blank line; lines end in CRLF or LF).
    init(parsing bytes: ArraySlice<UInt8>) throws(Malformed) {
        let lines = bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map { line in
            line.last == UInt8(ascii: "\r") ? line.dropLast() : line
        }
        guard let statusLine = lines.first else { throw Malformed(reason: "the answer is empty") }
        let text = String(decoding: statusLine, as: UTF8.self)
        let parts = text.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0].hasPrefix("HTTP/1."), parts[1].count == 3, let status = Int(parts[1]),
            (100...599).contains(status)
        else {
            throw Malformed(reason: "the answer is not HTTP: \(Self.excerpt(text))")
        }
        version = String(parts[0])
        self.status = status
        headers = [:]
        for line in lines.dropFirst() where !line.isEmpty {
            guard let colon = line.firstIndex(of: UInt8(ascii: ":")), colon > line.startIndex else {
                throw Malformed(
                    reason: "a header line has no name: \(Self.excerpt(String(decoding: line, as: UTF8.self)))")
            }
            let name = String(decoding: line[..<colon], as: UTF8.self).lowercased()
            let value = String(decoding: line[(colon + 1)...], as: UTF8.self).trimmingCharacters(in: .whitespaces)
            headers[name] = headers[name].map { $0 + ", " + value } ?? value
        }
    }

    /// Whether the server keeps the connection open after this answer.
    var keepsConnection: Bool {
        let tokens = (headers["connection"] ?? "").lowercased().split(separator: ",").map {
            $0.trimmingCharacters(in: .whitespaces)
        }
        if tokens.contains("close") { return false }
        return version == "HTTP/1.1" || tokens.contains("keep-alive")
    }

    private static func excerpt(_ text: String) -> String {
        let cleaned = String(text.unicodeScalars.map { $0.value < 0x20 || $0.value == 0x7F ? "?" : Character($0) })
        return cleaned.count > 80 ? String(cleaned.prefix(80)) + "…" : cleaned
    }
}

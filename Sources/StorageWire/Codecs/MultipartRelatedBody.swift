import Foundation
import HTTPCore
import StorageAPI

/// A `multipart/related` upload body (R5): a JSON metadata part, then the object's bytes.
///
/// Parsed per RFC 2046: the boundary comes from the `Content-Type` parameter (quoted or not); a
/// preamble before the first delimiter is skipped; each part may carry any number of header lines (or
/// none) before its blank line; CRLF line endings, or bare LF as gcsfs sends them (GCS takes both). The
/// parts are slices of the request body, not copies.
package struct MultipartRelatedBody {
    package let metadata: Data
    package let media: Data
    /// The `Content-Type` of the media part, when it has one.
    package let mediaContentType: String?

    package init(body: Data, contentType: String?) throws(BackendError) {
        let boundary = try Self.boundary(from: contentType)
        let parts = try Self.parts(of: body, boundary: boundary)
        guard parts.count == 2 else {
            throw .badRequest(
                "A multipart upload needs exactly two parts (JSON metadata, then the data); this body has \(parts.count)."
            )
        }
        metadata = parts[0].content
        media = parts[1].content
        mediaContentType = parts[1].headers["Content-Type"]
    }

    /// A body of this shape for a client to send, with the `Content-Type` (and boundary) to send it with.
    package static func encode(metadata: Data, media: Data, mediaType: String) -> (contentType: String, body: Data) {
        let boundary = "conformance-" + UUID().uuidString
        var body = Data("--\(boundary)\r\nContent-Type: application/json; charset=UTF-8\r\n\r\n".utf8)
        body.append(metadata)
        body.append(Data("\r\n--\(boundary)\r\nContent-Type: \(mediaType)\r\n\r\n".utf8))
        body.append(media)
        body.append(Data("\r\n--\(boundary)--".utf8))
        return ("multipart/related; boundary=\(boundary)", body)
    }

    private struct Part {
        package var headers: HTTPHeaders
        package var content: Data
    }

    private static func boundary(from contentType: String?) throws(BackendError) -> String {
        guard let contentType else {
            throw .badRequest("A multipart upload needs a Content-Type of multipart/related with a boundary.")
        }
        let pieces = contentType.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard pieces.first?.lowercased() == "multipart/related" else {
            throw .badRequest("Bad content type for a multipart upload: \(contentType) (expected multipart/related).")
        }
        for parameter in pieces.dropFirst() {
            guard let equals = parameter.firstIndex(of: "="),
                parameter[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "boundary"
            else { continue }
            var value = parameter[parameter.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.count >= 2, value.hasPrefix("\""), value.hasSuffix("\"") {
                value = String(value.dropFirst().dropLast())
            }
            guard (1...70).contains(value.utf8.count) else {
                throw .badRequest("The multipart boundary must be 1 to 70 characters long.")
            }
            return value
        }
        throw .badRequest("Bad content type for a multipart upload: \(contentType) has no boundary.")
    }

    private static func parts(of body: Data, boundary: String) throws(BackendError) -> [Part] {
        let bytes = ByteSearch(body)
        let dashBoundary = Array(("--" + boundary).utf8)
        let delimiter = Array(("\n--" + boundary).utf8)
        var cursor: Int
        if bytes.hasPrefix(dashBoundary, at: 0) {
            cursor = dashBoundary.count
        } else if let found = bytes.find(delimiter, from: 0) {
            cursor = found + delimiter.count
        } else {
            throw .badRequest("The multipart body does not contain its boundary \"\(boundary)\".")
        }
        var parts: [Part] = []
        while true {
            if bytes.hasPrefix(Array("--".utf8), at: cursor) { return parts }
            while bytes.byte(at: cursor) == UInt8(ascii: " ") || bytes.byte(at: cursor) == UInt8(ascii: "\t") {
                cursor += 1
            }
            guard let start = lineEnd(bytes, at: cursor) else {
                throw .badRequest("A multipart boundary line must end with a line break.")
            }
            guard let found = bytes.find(delimiter, from: start) else {
                throw .badRequest("The multipart body ends without its closing boundary \"--\(boundary)--\".")
            }
            // The line break before the delimiter belongs to it: CRLF, or a bare LF as some clients send.
            let end = found > start && bytes.byte(at: found - 1) == UInt8(ascii: "\r") ? found - 1 : found
            parts.append(try part(bytes, from: start, to: max(start, end)))
            guard parts.count <= 2 else {
                throw .badRequest(
                    "A multipart upload needs exactly two parts (JSON metadata, then the data); this body has more.")
            }
            cursor = found + delimiter.count
        }
    }

    /// Where the line starting with the break at `offset` begins: after a CRLF or a bare LF; nil when none.
    private static func lineEnd(_ bytes: ByteSearch, at offset: Int) -> Int? {
        if bytes.hasPrefix(Array("\r\n".utf8), at: offset) { return offset + 2 }
        if bytes.byte(at: offset) == UInt8(ascii: "\n") { return offset + 1 }
        return nil
    }

    /// Header lines up to a blank line (CRLF or LF breaks), then the content.
    private static func part(_ bytes: ByteSearch, from start: Int, to end: Int) throws(BackendError) -> Part {
        if let contentStart = lineEnd(bytes, at: start) {
            return Part(headers: HTTPHeaders(), content: bytes.slice(contentStart, end))
        }
        var headers = HTTPHeaders()
        var cursor = start
        while true {
            guard let lineBreak = bytes.find(Array("\n".utf8), from: cursor), lineBreak < end else {
                throw .badRequest("A multipart part has no blank line after its headers.")
            }
            let textEnd =
                lineBreak > cursor && bytes.byte(at: lineBreak - 1) == UInt8(ascii: "\r") ? lineBreak - 1 : lineBreak
            if textEnd == cursor { return Part(headers: headers, content: bytes.slice(lineBreak + 1, end)) }
            let line = String(decoding: bytes.slice(cursor, textEnd), as: UTF8.self)
            guard let colon = line.firstIndex(of: ":") else {
                throw .badRequest("A multipart part has a malformed header line: \(line)")
            }
            headers.add(
                name: line[..<colon].trimmingCharacters(in: .whitespaces),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
            cursor = lineBreak + 1
        }
    }
}

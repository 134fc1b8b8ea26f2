import Foundation
import StorageModel

/// A `multipart/related` upload body (R5): a JSON metadata part, then the object's bytes.
///
/// Parsed per RFC 2046: the boundary comes from the `Content-Type` parameter (quoted or not); a
/// preamble before the first delimiter is skipped; each part may carry any number of header lines (or
/// none) before its blank line; CRLF line endings. The parts are slices of the request body, not copies.
struct MultipartRelatedBody {
    let metadata: Data
    let media: Data
    /// The `Content-Type` of the media part, when it has one.
    let mediaContentType: String?

    init(body: Data, contentType: String?) throws(BackendError) {
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

    private struct Part {
        var headers: HTTPHeaders
        var content: Data
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
        let delimiter = Array(("\r\n--" + boundary).utf8)
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
            guard bytes.hasPrefix(Array("\r\n".utf8), at: cursor) else {
                throw .badRequest("A multipart boundary line must end with CRLF.")
            }
            let start = cursor + 2
            guard let end = bytes.find(delimiter, from: start) else {
                throw .badRequest("The multipart body ends without its closing boundary \"--\(boundary)--\".")
            }
            parts.append(try part(bytes, from: start, to: end))
            guard parts.count <= 2 else {
                throw .badRequest(
                    "A multipart upload needs exactly two parts (JSON metadata, then the data); this body has more.")
            }
            cursor = end + delimiter.count
        }
    }

    private static func part(_ bytes: ByteSearch, from start: Int, to end: Int) throws(BackendError) -> Part {
        let lineBreak = Array("\r\n".utf8)
        if bytes.hasPrefix(lineBreak, at: start) {
            return Part(headers: HTTPHeaders(), content: bytes.slice(start + 2, end))
        }
        guard let headerEnd = bytes.find(Array("\r\n\r\n".utf8), from: start), headerEnd + 4 <= end else {
            throw .badRequest("A multipart part has no blank line after its headers.")
        }
        var headers = HTTPHeaders()
        let headerText = String(decoding: bytes.slice(start, headerEnd), as: UTF8.self)
        for line in headerText.components(separatedBy: "\r\n") {
            guard let colon = line.firstIndex(of: ":") else {
                throw .badRequest("A multipart part has a malformed header line: \(line)")
            }
            headers.add(
                name: line[..<colon].trimmingCharacters(in: .whitespaces),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        return Part(headers: headers, content: bytes.slice(headerEnd + 4, end))
    }
}

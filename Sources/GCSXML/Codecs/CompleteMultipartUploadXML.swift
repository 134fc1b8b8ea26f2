import Foundation
import Primitives
import StorageAPI

/// The body of a multipart upload's completion: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber>
/// <ETag>"…"</ETag></Part>…</CompleteMultipartUpload>`. A body that is not that is a 400 naming what and where.
package enum CompleteMultipartUploadXML {
    package struct Part: Equatable {
        package var number: Int
        /// As sent, quotes removed.
        package var etag: String

        package init(number: Int, etag: String) {
            self.number = number
            self.etag = etag
        }
    }

    /// At most `limit` characters of `text` (an answer quotes a short excerpt of what a client sent, never all of it).
    static func excerpt(_ text: String, limit: Int = 80) -> String {
        text.count <= limit ? text : text.prefix(limit) + "…"
    }

    package static func decode(_ body: Data) throws(BackendError) -> [Part] {
        let root: XMLTree
        do {
            root = try XMLTree.parse(body)
        } catch {
            throw .badRequest(
                "MalformedXML: the CompleteMultipartUpload body is not XML (\(excerpt(String(describing: error))))).")
        }
        guard root.name == "CompleteMultipartUpload" else {
            throw .badRequest("MalformedXML: expected <CompleteMultipartUpload>, found <\(excerpt(root.name))>.")
        }
        var parts: [Part] = []
        for (index, element) in root.children(named: "Part").enumerated() {
            let text = element.text(of: "PartNumber")?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let number = JSONValue.decimalInteger(text), (1...MultipartLimits.partNumbers).contains(number)
            else {
                throw .badRequest(
                    "MalformedXML: part \(index + 1) has PartNumber \"\(excerpt(text))\"; expected 1 to \(MultipartLimits.partNumbers)."
                )
            }
            guard let etag = element.text(of: "ETag") else {
                throw .badRequest("MalformedXML: part \(index + 1) (PartNumber \(number)) has no ETag.")
            }
            parts.append(Part(number: Int(number), etag: unquoted(etag)))
        }
        guard !parts.isEmpty else { throw .badRequest("MalformedXML: the CompleteMultipartUpload names no part.") }
        return parts
    }

    /// `"abc"` → `abc`, surrounding space removed.
    package static func unquoted(_ etag: String) -> String {
        var trimmed = etag.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.count >= 2, trimmed.hasPrefix("\""), trimmed.hasSuffix("\"") {
            trimmed = String(trimmed.dropFirst().dropLast())
        }
        return trimmed
    }
}

/// What Cloud Storage allows of an XML multipart upload.
enum MultipartLimits {
    /// Part numbers run from 1 to this.
    static let partNumbers: Int64 = 10_000
    /// Every part but the last holds at least this many bytes.
    static let smallestPart: Int64 = 5 * 1024 * 1024
}

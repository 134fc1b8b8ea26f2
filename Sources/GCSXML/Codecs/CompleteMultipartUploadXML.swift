import Foundation
import Primitives
import StorageAPI

/// The body of a multipart upload's completion: `<CompleteMultipartUpload><Part><PartNumber>1</PartNumber>
/// <ETag>"…"</ETag></Part>…</CompleteMultipartUpload>`, read in one pass (`XMLReader`) keeping only the parts. A body
/// that is not that is a 400 naming what and where, quoting at most 80 characters of what it holds.
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
        var reading = Reading()
        do {
            try XMLReader.read(body) { event throws(XMLReader.Problem) in try reading.take(event) }
        } catch {
            if let refusal = reading.refusal { throw refusal }
            throw .badRequest(
                "MalformedXML: the CompleteMultipartUpload body is not XML (\(excerpt(error.description))).")
        }
        guard !reading.parts.isEmpty else {
            throw .badRequest("MalformedXML: the CompleteMultipartUpload names no part.")
        }
        return reading.parts
    }

    /// The body read event by event: only the parts' `PartNumber` and `ETag` texts are kept, each bounded.
    private struct Reading {
        var parts: [Part] = []
        /// Why the body is refused though it is XML; the reading stops there.
        var refusal: BackendError?
        private var depth = 0
        private var part: (number: String?, etag: String?)?
        private var field: (name: String, text: String)?

        /// The longest `PartNumber` or `ETag` text kept.
        static let longestText = 1024

        mutating func take(_ event: XMLReader.Event) throws(XMLReader.Problem) {
            switch event {
            case .start(let name):
                depth += 1
                if depth == 1, name != "CompleteMultipartUpload" {
                    throw refused("MalformedXML: expected <CompleteMultipartUpload>, found <\(excerpt(name))>.")
                } else if depth == 2, name == "Part" {
                    guard parts.count < MultipartLimits.partNumbers else {
                        throw refused(
                            "MalformedXML: the CompleteMultipartUpload names more than \(MultipartLimits.partNumbers) parts."
                        )
                    }
                    part = (nil, nil)
                } else if depth == 3, part != nil, name == "PartNumber" || name == "ETag" {
                    field = (name, "")
                }
            case .text(let text):
                guard depth == 3, var current = field else { return }
                current.text += text
                guard current.text.utf8.count <= Self.longestText else {
                    throw refused(
                        "MalformedXML: part \(parts.count + 1) has a \(current.name) longer than \(Self.longestText) bytes."
                    )
                }
                field = current
            case .end:
                if depth == 3, let done = field, var current = part {
                    if done.name == "PartNumber", current.number == nil { current.number = done.text }
                    if done.name == "ETag", current.etag == nil { current.etag = done.text }
                    part = current
                    field = nil
                } else if depth == 2, let done = part {
                    try finish(done)
                    part = nil
                }
                depth -= 1
            }
        }

        private mutating func finish(_ done: (number: String?, etag: String?)) throws(XMLReader.Problem) {
            let index = parts.count + 1
            let text = done.number?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
            guard let number = JSONValue.decimalInteger(text), (1...MultipartLimits.partNumbers).contains(number) else {
                throw refused(
                    "MalformedXML: part \(index) has PartNumber \"\(excerpt(text))\"; expected 1 to \(MultipartLimits.partNumbers)."
                )
            }
            guard let etag = done.etag else {
                throw refused("MalformedXML: part \(index) (PartNumber \(number)) has no ETag.")
            }
            parts.append(Part(number: Int(number), etag: unquoted(etag)))
        }

        /// Keeps `message` as the answer and gives the problem that stops the reading.
        private mutating func refused(_ message: String) -> XMLReader.Problem {
            refusal = .badRequest(message)
            return XMLReader.Problem(message: message, line: 0, column: 0)
        }
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

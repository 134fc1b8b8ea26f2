import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// The XML API's conditions on an object: `x-goog-if-generation-match` (`0`: only if there is none) and
/// `x-goog-if-metageneration-match` on any request, `If-Match` and `If-None-Match` (ETags, or `*`) and
/// `If-Modified-Since` and `If-Unmodified-Since` (HTTP dates). A failed condition is 412, except `If-None-Match`
/// and `If-Modified-Since` on a read, which answer 304. Checked against the object read just before the operation.
struct XMLPreconditions {
    private var generationMatch: Int64?
    private var metagenerationMatch: Int64?
    private var ifMatch: [String]?
    private var ifNoneMatch: [String]?
    private var modifiedSince: Date?
    private var unmodifiedSince: Date?

    /// Reads the conditions of `http`, those of a copy's source under `x-goog-copy-source-if-…` when `source`.
    init(_ http: HTTPRequest, source: Bool = false) throws(BackendError) {
        let prefix = source ? "x-goog-copy-source-if-" : "x-goog-if-"
        generationMatch = try Self.number(http, prefix + "generation-match")
        metagenerationMatch = try Self.number(http, prefix + "metageneration-match")
        guard !source else { return }
        ifMatch = http.headers["If-Match"].map(Self.etags)
        ifNoneMatch = http.headers["If-None-Match"].map(Self.etags)
        modifiedSince = http.headers["If-Modified-Since"].flatMap(HTTPDate.date(from:))
        unmodifiedSince = http.headers["If-Unmodified-Since"].flatMap(HTTPDate.date(from:))
    }

    var isEmpty: Bool {
        generationMatch == nil && metagenerationMatch == nil && ifMatch == nil && ifNoneMatch == nil
            && modifiedSince == nil && unmodifiedSince == nil
    }

    /// Checks the conditions against `current` (nil: there is no object); `read` makes the read-only failures 304.
    func check(_ current: ObjectResource?, read: Bool) throws(BackendError) {
        if let generationMatch, generationMatch != (current?.generation ?? 0) {
            throw failed(
                "x-goog-if-generation-match is \(generationMatch); the object's generation is \(current?.generation ?? 0)"
            )
        }
        if let metagenerationMatch, metagenerationMatch != current?.metageneration {
            throw failed(
                "x-goog-if-metageneration-match is \(metagenerationMatch); the object's is \(current?.metageneration ?? 0)"
            )
        }
        let etag = current.map { CompleteMultipartUploadXML.unquoted(MediaETag.of(md5Base64: $0.md5Hash)) }
        if let ifMatch, !ifMatch.contains(where: { $0 == "*" ? current != nil : $0 == etag }) {
            throw failed("If-Match names none of the object's ETags")
        }
        if let unmodifiedSince, let current, Self.seconds(current.updated) > unmodifiedSince {
            throw failed("the object was modified after If-Unmodified-Since")
        }
        if let ifNoneMatch, ifNoneMatch.contains(where: { $0 == "*" ? current != nil : $0 == etag }) {
            throw read ? Self.notModified : failed("If-None-Match names the object's ETag")
        }
        if read, ifNoneMatch == nil, let modifiedSince, let current, Self.seconds(current.updated) <= modifiedSince {
            throw Self.notModified
        }
    }

    /// Reads `object` (nil when there is none) and checks the conditions; nothing is read without any.
    func check(_ object: ObjectAddress, on backend: any StorageBackend, read: Bool) throws(BackendError) {
        guard !isEmpty else { return }
        let current: ObjectResource?
        do {
            current = try backend.getMetadata(object)
        } catch  where error.status == 404 && !error.isBucketNotFound {
            current = nil
        }
        try check(current, read: read)
    }

    /// What a read answers when a condition says the client's copy is current.
    static let notModified = BackendError(status: 304, "Not Modified")

    private func failed(_ why: String) -> BackendError {
        XMLErrorBody.coded(
            "PreconditionFailed", status: 412, "At least one of the preconditions you specified did not hold: \(why).")
    }

    /// `Last-Modified` goes out in whole seconds, and is compared so.
    private static func seconds(_ date: Date) -> Date {
        Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
    }

    private static func etags(_ header: String) -> [String] {
        header.split(separator: ",").map { element in
            var tag = element.trimmingCharacters(in: .whitespaces)
            if tag.hasPrefix("W/") { tag.removeFirst(2) }
            return CompleteMultipartUploadXML.unquoted(tag)
        }
    }

    private static func number(_ http: HTTPRequest, _ name: String) throws(BackendError) -> Int64? {
        guard let text = http.headers[name] else { return nil }
        guard let value = JSONValue.decimalInteger(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
            throw XMLErrorBody.coded(
                "InvalidArgument", status: 400, "Invalid \(name) \"\(text)\": expected a whole number.")
        }
        return value
    }
}

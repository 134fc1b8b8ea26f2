import Foundation
import StorageModel

extension HTTPBackend {
    /// `GET …?alt=media` with `Range: bytes=a-b` (none for a whole read from 0). A 206 must say where it
    /// starts and the total size; a 200 is the whole object and is sliced here; a 416 is passed on,
    /// except `bytes */0` for a read at 0, which is an empty object.
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        var query = [("alt", "media")]
        if let token = request.downloadToken { query.append(("token", token)) }
        let (headers, ranged) = try request.mediaHeaders()
        let outgoing = OutgoingRequest(
            method: "GET", url: try url(path: objectPath(request.object), query: query), headers: headers)
        return try Self.read(exchange(outgoing, auth: request.object.auth), for: request, ranged: ranged)
    }

    /// The read an answer to a media GET stands for, whichever dialect asked (`ranged`: a `Range` was sent).
    static func read(_ response: IncomingResponse, for request: ReadRequest, ranged: Bool) throws(BackendError)
        -> ObjectRead
    {
        var read: ObjectRead
        switch response.status {
        case 206:
            read = try Self.partial(response, for: request)
        case 200 where request.ifRange != nil && ranged:
            // The validator no longer matched: the whole current object, from byte 0.
            read = ObjectRead(data: response.body, totalSize: Int64(response.body.count))
        case 200..<300:
            read = try Self.slice(response, offset: request.offset, length: request.length)
        case 416 where request.offset == 0 && ContentRange(response.header("Content-Range"))?.total == 0:
            read = ObjectRead(data: Data(), totalSize: 0)
        default:
            throw failure(response)
        }
        read.etag = response.header("ETag")
        return read
    }

    /// `bytes=a-b`, `bytes=a-`, or nil for a read of everything from 0. A zero-length read asks for one
    /// byte (no range can ask for none) and keeps none of it.
    static func rangeHeader(offset: Int64, length: Int64?) -> String? {
        guard let length else { return offset == 0 ? nil : "bytes=\(offset)-" }
        let last = length == 0 ? offset : offset + min(length, Int64.max - offset) - 1
        return "bytes=\(offset)-\(last)"
    }

    private static func partial(_ response: IncomingResponse, for request: ReadRequest) throws(BackendError)
        -> ObjectRead
    {
        guard let range = ContentRange(response.header("Content-Range")), let first = range.first,
            let total = range.total
        else {
            throw response.malformed(
                "a 206 answer without a usable Content-Range (\(response.header("Content-Range") ?? "none"))")
        }
        guard first == request.offset, Int64(response.body.count) <= total - first else {
            throw response.malformed(
                "a 206 answer of \(response.body.count) bytes at \(first) of \(total) for a read at \(request.offset)")
        }
        var data = response.body
        if let length = request.length, Int64(data.count) > length { data = data.prefix(Int(length)) }
        return ObjectRead(data: data, totalSize: total, offset: first)
    }

    /// A whole-object answer cut to the read; past the end is a 416, as a service would answer.
    private static func slice(_ response: IncomingResponse, offset: Int64, length: Int64?) throws(BackendError)
        -> ObjectRead
    {
        let body = response.body
        let size = Int64(body.count)
        if size == 0 ? offset > 0 : offset >= size {
            throw BackendError(
                .status(416), "Requested range not satisfiable: offset \(offset) of an object of \(size) bytes.",
                request: response.request)
        }
        if offset == 0 && (length ?? size) >= size { return ObjectRead(data: body, totalSize: size) }
        let end = length.map { $0 >= size - offset ? size : offset + $0 } ?? size
        return ObjectRead(
            data: body.subdata(in: (body.startIndex + Int(offset))..<(body.startIndex + Int(end))), totalSize: size,
            offset: offset)
    }
}

/// A `Content-Range: bytes first-last/total` (or `bytes */total`) header.
struct ContentRange {
    var first: Int64?
    var last: Int64?
    var total: Int64?

    init?(_ header: String?) {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes "), let slash = trimmed.lastIndex(of: "/") else { return nil }
        let span = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<slash].trimmingCharacters(in: .whitespaces)
        let totalText = trimmed[trimmed.index(after: slash)...]
        total = totalText == "*" ? nil : Int64(totalText)
        if span != "*" {
            let bounds = span.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else {
                return nil
            }
            self.first = first
            self.last = last
        }
    }
}

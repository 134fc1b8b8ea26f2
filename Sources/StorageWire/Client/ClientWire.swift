import Foundation
import HTTPCore
import StorageAPI

/// What the v0 and GCS clients share: sending through the transport, names as path segments, header values,
/// error answers, and the reading of media answers.
package enum ClientWire {
    /// Sends `request`; a failed exchange is a `BackendError` naming it.
    package static func send(_ request: OutgoingRequest, over transport: HTTPTransport) throws(BackendError)
        -> IncomingResponse
    {
        do {
            return try transport.send(request)
        } catch {
            throw BackendError(error)
        }
    }

    /// What a read hands back as its `etag` (the validator a resumed read sends back) for an answer: by
    /// default the answer's `ETag`.
    package typealias Validator = (IncomingResponse) -> String?

    /// `send` for a media GET: when the connection ends partway through the answer, the failure carries the
    /// bytes that arrived (`partialRead`, its `etag` taken from the answer's head by `validator`), so a download
    /// keeps them and asks for the rest.
    package static func send(
        _ request: OutgoingRequest, over transport: HTTPTransport, reading read: ReadRequest, ranged: Bool,
        validator: Validator = { $0.header("ETag") }
    )
        throws(BackendError) -> IncomingResponse
    {
        do {
            return try transport.send(request)
        } catch {
            var failure = BackendError(error)
            if let partial = error.partialResponse, partial.isSuccess {
                failure.partialRead =
                    partial.status == 206
                    ? try? Self.read(partial, for: read, ranged: ranged, validator: validator)
                    : Self.cutWhole(partial, for: read, ranged: ranged, validator: validator)
            }
            throw failure
        }
    }

    /// `value` when a header can carry it as is (no control characters), else nil.
    package static func headerValue(_ value: String?) -> String? {
        guard let value, !value.unicodeScalars.contains(where: { $0.value < 0x20 && $0 != "\t" || $0.value == 0x7F })
        else { return nil }
        return value
    }

    /// The error an answer with a failing status stands for.
    package static func failure(_ response: IncomingResponse) -> BackendError {
        let message = ErrorBodyJSON.message(from: response.body) ?? HTTPReasonPhrase.phrase(for: response.status)
        let retryAfter = response.header("Retry-After").flatMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        var failure = BackendError(
            .status(response.status), message, request: response.request,
            retryAfter: retryAfter.flatMap { $0 >= 0 && $0.isFinite ? $0 : nil })
        failure.responseBody = response.body.isEmpty ? nil : String(decoding: response.body, as: UTF8.self)
        return failure
    }

    /// The read an answer to a media GET stands for, whichever dialect asked (`ranged`: a `Range` was sent).
    package static func read(
        _ response: IncomingResponse, for request: ReadRequest, ranged: Bool,
        validator: Validator = { $0.header("ETag") }
    ) throws(BackendError) -> ObjectRead {
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
            throw Self.failure(response)
        }
        read.etag = validator(response)
        return read
    }

    /// What arrived of a whole-object answer (200) cut short: its size is the `Content-Length` it declared, never
    /// the bytes that arrived, or a cut download would pass for a complete one. Nil when nothing of the read arrived.
    private static func cutWhole(
        _ response: IncomingResponse, for request: ReadRequest, ranged: Bool, validator: Validator
    ) -> ObjectRead? {
        let body = response.body
        guard let text = response.header("Content-Length"),
            let declared = Int64(text.trimmingCharacters(in: .whitespaces)), declared >= Int64(body.count)
        else { return nil }
        // A ranged read with If-Range answered whole: the object changed, and the read starts over from 0.
        let restarts = request.ifRange != nil && ranged
        let offset = restarts ? 0 : request.offset
        guard Int64(body.count) > offset else { return nil }
        var end = Int64(body.count)
        if !restarts, let length = request.length { end = min(end, offset + length) }
        var read = ObjectRead(
            data: body.subdata(in: (body.startIndex + Int(offset))..<(body.startIndex + Int(end))), totalSize: declared,
            offset: offset)
        read.etag = validator(response)
        return read
    }

    /// `bytes=a-b`, `bytes=a-`, or nil for a read of everything from 0. A zero-length read asks for one
    /// byte (no range can ask for none) and keeps none of it.
    package static func rangeHeader(offset: Int64, length: Int64?) -> String? {
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

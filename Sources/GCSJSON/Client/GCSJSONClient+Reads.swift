import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

extension GCSJSONClient {
    /// `GET /storage/v1/b/B/o/NAME?alt=media` with `Range` and `If-Range`, read as the v0 client reads
    /// media answers (206 with `Content-Range`, a whole 200 sliced here, `bytes */0` for an empty object).
    ///
    /// Every answer's generation (`x-goog-generation`, read from the head, so also when the body is cut) goes
    /// into the read's `etag`, and a read that goes on from an earlier one (its `ifRange` is that `etag`) is pinned
    /// to it, as Google's clients pin downloads: `?generation=N`. When that generation is gone (a 404) or another
    /// one answers, the read keeps the `StorageBackend` contract of `If-Range`: the whole current object from
    /// byte 0, never bytes of two objects.
    ///
    /// A read that goes on from an answer with an ETag needs that answer's generation too: GCS tells it with every
    /// media download (`x-goog-generation`, docs/gcs-dialect.md), and the JSON API pins a read by `generation=`, not
    /// by `If-Range`, so the read fails as a malformed answer rather than go on by the ETag alone. (A server that
    /// tells neither is read on unpinned: its replaced-download scenarios show what that costs.)
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        let pinned = GCSReadValidator(request.ifRange)
        if request.offset > 0, pinned.etag != nil, pinned.generation == nil {
            throw BackendError(
                .malformedResponse,
                "the read cannot go on from byte \(request.offset): the answer it goes on from told an ETag but no "
                    + "generation (x-goog-generation), so the rest cannot be pinned to the object the first bytes "
                    + "came from")
        }
        var sent = request
        sent.ifRange = pinned.etag
        let (headers, ranged) = try sent.mediaHeaders()
        var query = [("alt", "media")]
        if let generation = pinned.generation { query.append(("generation", String(generation))) }
        let outgoing = OutgoingRequest(
            method: "GET", url: try address.url(path: objectPath(request.object), query: query), headers: headers)
        let validator = Self.validator(orElse: pinned.generation)
        let response: IncomingResponse
        do {
            response = try ClientWire.send(
                outgoing, over: transport, reading: sent, ranged: ranged, validator: validator)
        } catch {
            // Bytes that arrived from another generation than the one pinned are never kept.
            var failure = error
            if let partial = failure.partialRead, partial.offset > 0, let wanted = pinned.generation,
                GCSReadValidator(partial.etag).generation != wanted
            {
                failure.partialRead = nil
            }
            throw failure
        }
        if response.status == 416, request.offset == 0, try getMetadata(request.object).size == 0 {
            // Some servers refuse any range of an empty object without saying its size.
            return ObjectRead(data: Data(), totalSize: 0)
        }
        if let wanted = pinned.generation {
            let answered = Self.generation(of: response)
            if response.status == 404 || (response.isSuccess && answered != nil && answered != wanted) {
                return try readWhole(request.object)
            }
        }
        return try ClientWire.read(response, for: sent, ranged: ranged, validator: validator)
    }

    /// The current object whole, from byte 0: a pinned read whose generation is gone starts over on it.
    private func readWhole(_ object: ObjectAddress) throws(BackendError) -> ObjectRead {
        let whole = ReadRequest(object: object)
        let outgoing = OutgoingRequest(
            method: "GET", url: try address.url(path: objectPath(object), query: [("alt", "media")]),
            headers: try whole.mediaHeaders().headers)
        let validator = Self.validator(orElse: nil)
        let response = try ClientWire.send(
            outgoing, over: transport, reading: whole, ranged: false, validator: validator)
        return try ClientWire.read(response, for: whole, ranged: false, validator: validator)
    }

    /// A read's `etag` for an answer: its ETag with the generation it tells, or `generation` when it tells none.
    private static func validator(orElse generation: Int64?) -> ClientWire.Validator {
        { answer in
            GCSReadValidator(generation: Self.generation(of: answer) ?? generation, etag: answer.header("ETag")).text
        }
    }

    /// `x-goog-generation`, when the answer tells it.
    private static func generation(of response: IncomingResponse) -> Int64? {
        response.header("x-goog-generation").flatMap { JSONValue.decimalInteger($0) }
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

extension GCSJSONClient {
    /// `GET /storage/v1/b/B/o/NAME?alt=media` with `Range` and `If-Range`, read as the v0 client reads
    /// media answers (206 with `Content-Range`, a whole 200 sliced here, `bytes */0` for an empty object).
    ///
    /// A read that goes on from an earlier one (its `ifRange` is the `etag` that read returned) is pinned to the
    /// generation the earlier one came from, as Google's clients pin downloads: `?generation=N`, and an answer from
    /// another generation is refused. A replaced object is then a 404 on any server, never bytes from two objects.
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        let pinned = GCSReadValidator(request.ifRange)
        var sent = request
        sent.ifRange = pinned.etag
        let (headers, ranged) = try sent.mediaHeaders()
        var query = [("alt", "media")]
        if let generation = pinned.generation { query.append(("generation", String(generation))) }
        let outgoing = OutgoingRequest(
            method: "GET", url: try address.url(path: objectPath(request.object), query: query), headers: headers)
        let response: IncomingResponse
        do {
            response = try ClientWire.send(outgoing, over: transport, reading: sent, ranged: ranged)
        } catch {
            // The bytes that arrived before the connection ended are from the generation pinned, if any.
            var failure = error
            if var partial = failure.partialRead, let generation = pinned.generation {
                partial.etag = GCSReadValidator(generation: generation, etag: partial.etag).text
                failure.partialRead = partial
            }
            throw failure
        }
        if response.status == 416, request.offset == 0, try getMetadata(request.object).size == 0 {
            // Some servers refuse any range of an empty object without saying its size.
            return ObjectRead(data: Data(), totalSize: 0)
        }
        let generation = response.header("x-goog-generation").flatMap { JSONValue.decimalInteger($0) }
        if response.isSuccess, let wanted = pinned.generation, let generation, generation != wanted {
            throw BackendError(
                .status(404),
                "The object was replaced during the download: generation \(generation) answered, \(wanted) was read.",
                request: response.request)
        }
        var read = try ClientWire.read(response, for: sent, ranged: ranged)
        read.etag = GCSReadValidator(generation: pinned.generation ?? generation, etag: read.etag).text
        return read
    }
}

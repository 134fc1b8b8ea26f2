import Foundation
import HTTPCore
import StorageAPI
import StorageWire

extension GCSJSONClient {
    /// `GET /storage/v1/b/B/o/NAME?alt=media` with `Range` and `If-Range`, read as the v0 client reads
    /// media answers (206 with `Content-Range`, a whole 200 sliced here, `bytes */0` for an empty object).
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        let (headers, ranged) = try request.mediaHeaders()
        let outgoing = OutgoingRequest(
            method: "GET", url: try address.url(path: objectPath(request.object), query: [("alt", "media")]),
            headers: headers)
        let response = try ClientWire.send(outgoing, over: transport, reading: request, ranged: ranged)
        if response.status == 416, request.offset == 0, try getMetadata(request.object).size == 0 {
            // Some servers refuse any range of an empty object without saying its size.
            return ObjectRead(data: Data(), totalSize: 0)
        }
        return try ClientWire.read(response, for: request, ranged: ranged)
    }
}

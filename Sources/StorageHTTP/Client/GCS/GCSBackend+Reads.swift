import Foundation
import StorageModel

extension GCSBackend {
    /// `GET /storage/v1/b/B/o/NAME?alt=media` with `Range` and `If-Range`, read as the v0 client reads
    /// media answers (206 with `Content-Range`, a whole 200 sliced here, `bytes */0` for an empty object).
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        guard request.offset >= 0 else { throw .badRequest("Invalid read: the offset \(request.offset) is negative.") }
        if let length = request.length, length < 0 {
            throw .badRequest("Invalid read: the length \(length) is negative.")
        }
        var headers: [(String, String)] = [("Accept-Encoding", "identity")]
        let range = HTTPBackend.rangeHeader(offset: request.offset, length: request.length)
        if let range { headers.append(("Range", range)) }
        if range != nil, let ifRange = request.ifRange, let value = HTTPBackend.headerValue(ifRange) {
            headers.append(("If-Range", value))
        }
        let outgoing = OutgoingRequest(
            method: "GET", url: try url(path: objectPath(request.object), query: [("alt", "media")]), headers: headers)
        let response = try transport.send(outgoing)
        if response.status == 416, request.offset == 0, try getMetadata(request.object).size == 0 {
            // Some servers refuse any range of an empty object without saying its size.
            return ObjectRead(data: Data(), totalSize: 0)
        }
        return try HTTPBackend.read(response, for: request, ranged: range != nil)
    }
}

import Foundation
import StorageAPI

extension ReadRequest {
    /// Refuses a negative offset or length (400), then gives the headers of the media GET: `Accept-Encoding:
    /// identity`, `Range` (none for a whole read from 0) and `If-Range`; `ranged` tells whether a range was sent.
    package func mediaHeaders() throws(BackendError) -> (headers: [(String, String)], ranged: Bool) {
        guard offset >= 0 else { throw .badRequest("Invalid read: the offset \(offset) is negative.") }
        if let length, length < 0 { throw .badRequest("Invalid read: the length \(length) is negative.") }
        var headers: [(String, String)] = [("Accept-Encoding", "identity")]
        guard let range = ClientWire.rangeHeader(offset: offset, length: length) else { return (headers, false) }
        headers.append(("Range", range))
        if let ifRange, let value = ClientWire.headerValue(ifRange) { headers.append(("If-Range", value)) }
        return (headers, true)
    }
}

import Foundation
import HTTPCore
import StorageAPI
import StorageWire

extension FirebaseV0Client {
    /// `GET …?alt=media` with `Range: bytes=a-b` (none for a whole read from 0). A 206 must say where it
    /// starts and the total size; a 200 is the whole object and is sliced here; a 416 is passed on,
    /// except `bytes */0` for a read at 0, which is an empty object.
    public func readObject(_ request: ReadRequest) throws(BackendError) -> ObjectRead {
        var query = [("alt", "media")]
        if let token = request.downloadToken { query.append(("token", token)) }
        let (headers, ranged) = try request.mediaHeaders()
        let outgoing = OutgoingRequest(
            method: "GET", url: try url(path: objectPath(request.object), query: query), headers: headers)
        let response = try exchange(outgoing, auth: request.object.auth, reading: (request, ranged))
        return try ClientWire.read(response, for: request, ranged: ranged)
    }
}

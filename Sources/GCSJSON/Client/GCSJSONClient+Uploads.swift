import Foundation
import HTTPCore
import StorageAPI
import StorageWire

extension GCSJSONClient {
    /// `POST /upload/storage/v1/b/B/o?uploadType=resumable&name=N` with the metadata as JSON (and
    /// `X-Upload-Content-Length` when the size is known). The session's id is the `Location` it answers.
    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        var headers = [("Content-Type", Self.jsonContentType)]
        if let size = request.size { headers.append(("X-Upload-Content-Length", String(size))) }
        let response = try send(
            "POST", "/upload" + bucketPath(request.object.bucket) + "/o",
            query: [("uploadType", "resumable"), ("name", request.object.name)], headers: headers,
            body: UploadMetadataJSON.encode(name: request.object.name, fields: request.metadata))
        guard let location = response.header("location"), let uploadURL = address.resolve(location) else {
            throw response.malformed("the resumable upload start answered no usable Location")
        }
        return UploadSession(id: uploadURL.absoluteString, granularity: chunkGranularity)
    }

    /// `PUT <session>` with `Content-Range: bytes A-B/*` (`/TOTAL` on the last chunk; `bytes */TOTAL` for an
    /// empty last chunk). `308` is an active session holding what its `Range` says; `200`/`201` the object.
    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        let count = Int64(data.count)
        let range = ContentRange.bytes(from: offset, count: count, of: finalize ? offset + count : nil)
        return try status(of: sessionRequest("PUT", session, headers: [("Content-Range", range.header)], body: data))
    }

    /// `PUT <session>` with `Content-Range: bytes */*` and no body.
    public func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        try status(
            of: sessionRequest(
                "PUT", session, headers: [("Content-Range", ContentRange(span: nil, total: nil).header)], body: Data()))
    }

    /// `DELETE <session>`: GCS answers `499` when it cancelled the session.
    public func cancelUpload(session: String) throws(BackendError) {
        let response = try sessionRequest("DELETE", session)
        guard response.isSuccess || response.status == 499 else { throw ClientWire.failure(response) }
    }

    /// A whole object in one multipart request (`uploadType=multipart`): the metadata as JSON, then the bytes.
    public func uploadObject(_ object: ObjectAddress, data: Data, metadata: ObjectMetadataFields) throws(BackendError)
        -> ObjectResource
    {
        let multipart = MultipartRelatedBody.encode(
            metadata: UploadMetadataJSON.encode(name: object.name, fields: metadata), media: data,
            mediaType: ClientWire.headerValue(metadata.contentType) ?? "application/octet-stream")
        return try send(
            "POST", "/upload" + bucketPath(object.bucket) + "/o", query: [("uploadType", "multipart")],
            headers: [("Content-Type", multipart.contentType)], body: multipart.body
        ).decoded(GCSObjectJSON.decode)
    }

    /// Any status comes back: the caller reads 308 and 499 as answers, not failures.
    private func sessionRequest(
        _ method: String, _ session: String, headers: [(String, String)] = [], body: Data? = nil
    )
        throws(BackendError) -> IncomingResponse
    {
        guard let url = URL(string: session), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else {
            throw .notFound("Not Found. No such upload session: \(session) is not an upload URL.")
        }
        return try ClientWire.send(
            OutgoingRequest(method: method, url: url, headers: headers, body: body), over: transport)
    }

    private func status(of response: IncomingResponse) throws(BackendError) -> UploadStatus {
        switch response.status {
        case 308:
            return UploadStatus(state: .active, receivedBytes: try received(response))
        case 200, 201:
            let resource = try response.decoded(GCSObjectJSON.decode)
            return UploadStatus(state: .final, receivedBytes: resource.size, resource: resource)
        case 404, 410, 499:
            // The session is gone: cancelled, or expired.
            return UploadStatus(state: .cancelled, receivedBytes: 0)
        default:
            throw ClientWire.failure(response)
        }
    }

    /// `Range: bytes=0-N` says N+1 bytes are held; no `Range`, none.
    private func received(_ response: IncomingResponse) throws(BackendError) -> Int64 {
        guard let range = response.header("range")?.trimmingCharacters(in: .whitespaces) else { return 0 }
        guard range.hasPrefix("bytes=0-"), let last = Int64(range.dropFirst("bytes=0-".count)), last >= 0 else {
            throw response.malformed("the upload answered Range: \(range), not bytes=0-N")
        }
        return last + 1
    }

}

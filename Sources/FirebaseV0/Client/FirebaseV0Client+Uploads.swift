import Foundation
import HTTPCore
import StorageAPI
import StorageWire

extension FirebaseV0Client {
    /// `POST …/o/<name>?uploadType=resumable&name=<name>` with `X-Goog-Upload-Protocol: resumable`,
    /// `X-Goog-Upload-Command: start` and the metadata as JSON. The session's id is its upload URL.
    public func startUpload(_ request: UploadStart) throws(BackendError) -> UploadSession {
        var headers = [
            (UploadHeaders.uploadProtocol, "resumable"), (UploadHeaders.command, "start"),
            ("Content-Type", Self.jsonContentType),
        ]
        if let size = request.size { headers.append(("X-Goog-Upload-Content-Length", String(size))) }
        if let type = ClientWire.headerValue(request.metadata.contentType) {
            headers.append(("X-Goog-Upload-Content-Type", type))
        }
        let outgoing = OutgoingRequest(
            method: "POST",
            url: try url(
                path: objectPath(request.object), query: [("uploadType", "resumable"), ("name", request.object.name)]),
            headers: headers, body: UploadMetadataJSON.encode(name: request.object.name, fields: request.metadata))
        let response = try send(outgoing, auth: request.object.auth)
        guard response.header(UploadHeaders.status)?.lowercased() == "active" else {
            throw response.malformed(
                "the upload start answered \(UploadHeaders.status): \(response.header(UploadHeaders.status) ?? "none"), not active"
            )
        }
        guard let location = response.header(UploadHeaders.url), let uploadURL = address.resolve(location) else {
            throw response.malformed("the upload start answered no usable \(UploadHeaders.url)")
        }
        var granularity: Int64 = 1
        if let text = response.header(UploadHeaders.chunkGranularity) {
            guard let value = Int64(text.trimmingCharacters(in: .whitespaces)), value > 0 else {
                throw response.malformed("\(UploadHeaders.chunkGranularity) is not a byte count: \(text)")
            }
            granularity = value
        }
        return UploadSession(id: uploadURL.absoluteString, granularity: granularity)
    }

    /// `PUT <upload URL>` with `X-Goog-Upload-Command: upload` (or `upload, finalize`) and
    /// `X-Goog-Upload-Offset`. Without `X-Goog-Upload-Size-Received` the service is taken to hold
    /// `offset` plus the bytes sent.
    public func uploadChunk(session: String, offset: Int64, data: Data, finalize: Bool) throws(BackendError)
        -> UploadStatus
    {
        let response = try command(
            finalize ? "upload, finalize" : "upload", session: session,
            headers: [(UploadHeaders.offset, String(offset))], body: data)
        return try status(of: response, assumedReceived: offset + Int64(data.count))
    }

    public func queryUpload(session: String) throws(BackendError) -> UploadStatus {
        try status(of: command("query", session: session), assumedReceived: nil)
    }

    public func cancelUpload(session: String) throws(BackendError) {
        _ = try command("cancel", session: session)
    }

    /// Uploads a whole object in one request, as fixtures are stored: a media upload (R4) when only a
    /// content type (one a header can carry) is set, else a multipart upload (R5) carrying all the metadata.
    public func uploadObject(
        _ object: ObjectAddress, data: Data, metadata: ObjectMetadataFields = ObjectMetadataFields()
    ) throws(BackendError) -> ObjectResource {
        var bare = ObjectMetadataFields()
        bare.contentType = metadata.contentType
        let headers: [(String, String)]
        let body: Data
        // Always a type: URL loading systems add a form type to bodies sent without one.
        let mediaType = ClientWire.headerValue(metadata.contentType ?? "application/octet-stream")
        if metadata == bare, let mediaType {
            headers = [("Content-Type", mediaType)]
            body = data
        } else {
            let multipart = MultipartRelatedBody.encode(
                metadata: UploadMetadataJSON.encode(name: object.name, fields: metadata), media: data,
                mediaType: mediaType ?? "application/octet-stream")
            headers = [(UploadHeaders.uploadProtocol, "multipart"), ("Content-Type", multipart.contentType)]
            body = multipart.body
        }
        return try send(
            "POST", bucketPath(object.bucket), query: [("name", object.name)], auth: object.auth, headers: headers,
            body: body
        ).decoded(ObjectResourceJSON.decode)
    }

    /// Sends one command to the upload URL a session id holds; an id that is no URL is an unknown session.
    private func command(
        _ command: String, session: String, headers: [(String, String)] = [], body: Data? = nil
    ) throws(BackendError) -> IncomingResponse {
        guard let url = URL(string: session), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else {
            throw .notFound("Not Found. No such upload session: \(session) is not an upload URL.")
        }
        let request = OutgoingRequest(
            method: "PUT", url: url, headers: [(UploadHeaders.command, command)] + headers, body: body ?? Data())
        return try send(request, auth: nil)
    }

    private func status(of response: IncomingResponse, assumedReceived: Int64?) throws(BackendError) -> UploadStatus {
        guard let stateText = response.header(UploadHeaders.status),
            let state = UploadStatus.State(rawValue: stateText.trimmingCharacters(in: .whitespaces).lowercased())
        else {
            throw response.malformed(
                "the upload answer has no usable \(UploadHeaders.status) (\(response.header(UploadHeaders.status) ?? "none"))"
            )
        }
        var received: Int64
        if let text = response.header(UploadHeaders.sizeReceived) {
            guard let value = Int64(text.trimmingCharacters(in: .whitespaces)), value >= 0 else {
                throw response.malformed("\(UploadHeaders.sizeReceived) is not a byte count: \(text)")
            }
            received = value
        } else if let assumedReceived {
            received = assumedReceived
        } else if state == .active {
            throw response.malformed("the query answer has no \(UploadHeaders.sizeReceived)")
        } else {
            received = 0
        }
        var resource: ObjectResource?
        if state == .final, response.body.first(where: { ![0x20, 0x0A, 0x0D, 0x09].contains($0) }) == UInt8(ascii: "{")
        {
            resource = try response.decoded(ObjectResourceJSON.decode)
            received = resource?.size ?? received
        }
        return UploadStatus(state: state, receivedBytes: received, resource: resource)
    }

}

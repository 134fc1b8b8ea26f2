import Foundation
import StorageModel

/// R4–R7: `POST`/`PUT` on `…/o` or `…/o/{object}` — media and multipart uploads, and the resumable
/// protocol (start, then commands on the upload URL).
///
/// The protocol is chosen by headers, as on the emulator (`uploadType` is ignored): an
/// `X-Goog-Upload-Command` or `X-Goog-Upload-Protocol: resumable` is resumable, `multipart` is
/// multipart, none (or `raw`/`media`) is a media upload. The object name is the path's (when not empty), else `?name=`,
/// else (multipart and resumable start) the metadata's `name`. One-shot uploads go through the
/// service's resumable session calls (start, then one finalizing chunk).
struct UploadHandler {
    let backend: any StorageBackend
    /// `host:port` for upload URLs when the request has no allowed `Host`.
    let fallbackAuthority: @Sendable () -> String
    let hostPolicy: HostPolicy

    func respond(_ request: StorageRequest, bucket: String, pathName: String?) throws(BackendError) -> HTTPResponse {
        if request.query["create_token"] != nil || request.query["delete_token"] != nil {
            throw BackendError(
                status: 501, "Download token management (create_token, delete_token) is not supported by this server.")
        }
        let uploadProtocol = Self.uploadProtocol(of: request)
        if let command = request.header(UploadHeaders.command) {
            let words = UploadSessionHandler.commandWords(command)
            if words == ["start"] {
                return try start(request, bucket: bucket, pathName: pathName)
            }
            return UploadSessionHandler(backend: backend).respond(
                request, bucket: bucket, commands: words, rawCommand: command)
        }
        if request.query["upload_id"] != nil {
            throw .badRequest(
                "A request to an upload URL needs an X-Goog-Upload-Command header (upload, finalize, query or cancel).")
        }
        switch uploadProtocol {
        case _ where Self.mediaProtocols.contains(uploadProtocol):
            let name = try objectName(request, pathName: pathName, metadataName: nil)
            let contentType = request.header("Content-Type")
            let object = ObjectAddress(bucket: bucket, name: name, auth: request.auth)
            let metadata = ObjectMetadataFields(contentType: contentType)
            return WireResponse.resource(try backend.storeWhole(request.uploadBody, to: object, metadata: metadata))
        case "multipart"?:
            let parts = try MultipartRelatedBody(body: request.body, contentType: request.header("Content-Type"))
            var (metadataName, fields) = try UploadMetadataJSON.decode(parts.metadata)
            if fields.contentType == nil { fields.contentType = parts.mediaContentType }
            let name = try objectName(request, pathName: pathName, metadataName: metadataName)
            return try upload(
                parts.media, to: ObjectAddress(bucket: bucket, name: name, auth: request.auth), metadata: fields)
        case "resumable"?:
            throw .badRequest(
                "A resumable upload request needs an X-Goog-Upload-Command header (start, upload, finalize, query or cancel)."
            )
        case let other:  // never nil: no protocol is a media upload
            throw .badRequest(
                "Unsupported X-Goog-Upload-Protocol \"\(other ?? "")\": expected resumable, multipart or none.")
        }
    }

    /// `X-Goog-Upload-Protocol`, trimmed and in lower case; nil without the header.
    static func uploadProtocol(of request: StorageRequest) -> String? {
        request.header(UploadHeaders.uploadProtocol)?.trimmingCharacters(in: .whitespaces).lowercased()
    }

    /// The protocols of a media upload (R4): the whole object as the body.
    static let mediaProtocols: [String?] = [nil, "raw", "media"]

    /// R6: opens a session and answers its upload URL.
    private func start(_ request: StorageRequest, bucket: String, pathName: String?) throws(BackendError)
        -> HTTPResponse
    {
        var (metadataName, fields) = try UploadMetadataJSON.decode(request.body)
        if fields.contentType == nil {
            fields.contentType = UploadHeaders.announcedType.lazy.compactMap { request.header($0) }.first
        }
        let name = try objectName(request, pathName: pathName, metadataName: metadataName)
        let size = try Self.announcedSize(request, headers: UploadHeaders.announcedLength)
        let session = try backend.startUpload(
            UploadStart(
                object: ObjectAddress(bucket: bucket, name: name, auth: request.auth), metadata: fields, size: size))
        let query = QueryParameters.encode([
            ("name", name), ("upload_id", session.id), ("upload_protocol", "resumable"),
        ])
        var headers = HTTPHeaders()
        headers[UploadHeaders.status] = "active"
        headers[UploadHeaders.url] = "http://\(authority(request))/v0/b/\(GCSEscaping.escape(bucket))/o?\(query)"
        headers[UploadHeaders.chunkGranularity] = String(session.granularity)
        WireResponse.setHeader(UploadHeaders.uploadID, session.id, in: &headers)
        return HTTPResponse(status: 200, headers: headers)
    }

    /// R4 and R5: the whole object in one request.
    private func upload(_ data: Data, to object: ObjectAddress, metadata: ObjectMetadataFields) throws(BackendError)
        -> HTTPResponse
    {
        WireResponse.resource(try backend.storeWhole(data, to: object, metadata: metadata))
    }

    private func objectName(_ request: StorageRequest, pathName: String?, metadataName: String?) throws(BackendError)
        -> String
    {
        let fromPath = pathName.flatMap { $0.isEmpty ? nil : $0 }
        guard let name = fromPath ?? request.query["name"] ?? metadataName else {
            throw .badRequest("The upload names no object: put the name in the path, in ?name= or in the metadata.")
        }
        return name
    }

    /// The size the first of `headers` present announces; a value that is not a byte count is a 400.
    static func announcedSize(_ request: StorageRequest, headers: [String]) throws(BackendError) -> Int64? {
        for header in headers {
            guard let text = request.header(header)?.trimmingCharacters(in: .whitespaces) else { continue }
            guard let size = CheckedNumber.byteCount(text) else {
                throw .badRequest("\(header) must be a byte count up to 5 TiB (the largest object), not \"\(text)\".")
            }
            return size
        }
        return nil
    }

    /// Bytes that cannot be in a `host[:port]` (a `Host` holding one is not used in URLs).
    private static let unsafeInAuthority = Set("/?#@\\\"<>".utf8)

    /// The request's `Host` when it is a plain `host[:port]` the host policy allows, else the server's own
    /// address: a client cannot make the server hand out upload URLs that point elsewhere.
    func authority(_ request: StorageRequest) -> String {
        guard let host = request.header("Host"), !host.isEmpty,
            host.utf8.allSatisfy({ $0 > 0x20 && $0 < 0x7F && !Self.unsafeInAuthority.contains($0) }),
            hostPolicy.allows(host: host)
        else { return fallbackAuthority() }
        return host
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// `/upload/storage/v1/b/{bucket}/o`: `uploadType=media` (the name in `?name=`), `multipart` (JSON metadata,
/// then the bytes) and `resumable`: a start answers the session's URL in `Location`; each `PUT` to it carries
/// `Content-Range: bytes A-B/TOTAL` (`*` while the total is unknown), and is answered `308` with
/// `Range: bytes=0-N` while the upload goes on, or the object when it is complete; `bytes */*` asks where it
/// stands; `DELETE` cancels it (`499`).
struct GCSUploadHandler {
    let backend: any StorageBackend
    let base: String
    /// `host:port` for the session URL, as the v0 uploads choose it.
    let authority: String

    func respond(_ request: StorageRequest, bucket: String) throws(BackendError) -> HTTPResponse {
        if let session = request.query["upload_id"] {
            return try sessionRequest(request, session: session)
        }
        guard request.method == "POST" else {
            throw BackendError(status: 405, "An upload starts with POST; PUT and DELETE go to its session URL.")
        }
        let preconditions = try GCSPreconditions(request.query)
        switch request.query["uploadType"] {
        case "media"?:
            guard let name = request.query["name"], !name.isEmpty else {
                throw .badRequest("A media upload names its object in ?name=.")
            }
            let object = ObjectAddress(bucket: bucket, name: name)
            try preconditions.check(object, on: backend)
            let fields = ObjectMetadataFields(contentType: request.header("Content-Type"))
            return GCSObjectJSON.response(
                try backend.storeWhole(request.uploadBody, to: object, metadata: fields, layer: .cloudStorage),
                base: base)
        case "multipart"?:
            let parts = try MultipartRelatedBody(body: request.body, contentType: request.header("Content-Type"))
            var (metadataName, fields) = try UploadMetadataJSON.decode(parts.metadata)
            if fields.contentType == nil { fields.contentType = parts.mediaContentType }
            let object = ObjectAddress(bucket: bucket, name: try name(request, metadataName))
            try preconditions.check(object, on: backend)
            return GCSObjectJSON.response(
                try backend.storeWhole(parts.media, to: object, metadata: fields, layer: .cloudStorage), base: base)
        case "resumable"?:
            let (metadataName, fields) =
                WireObject.isBlank(request.body)
                ? (nil, ObjectMetadataFields()) : try UploadMetadataJSON.decode(request.body)
            var metadata = fields
            if metadata.contentType == nil { metadata.contentType = request.header("X-Upload-Content-Type") }
            let object = ObjectAddress(bucket: bucket, name: try name(request, metadataName))
            try preconditions.check(object, on: backend)
            let session = try backend.startUpload(
                UploadStart(
                    object: object, metadata: metadata,
                    size: try request.announcedSize(in: ["X-Upload-Content-Length"]), layer: .cloudStorage))
            let query = QueryParameters.encode([
                ("uploadType", "resumable"), ("name", object.name), ("upload_id", session.id),
            ])
            var headers = HTTPHeaders()
            headers["Location"] = "http://\(authority)/upload/storage/v1/b/\(GCSEscaping.escape(bucket))/o?\(query)"
            return HTTPResponse(status: 200, headers: headers)
        case let other:
            throw .badRequest(
                "Invalid uploadType \(other.map { "\"\($0)\"" } ?? "(none)"): expected media, multipart or resumable.")
        }
    }

    private func sessionRequest(_ request: StorageRequest, session: String) throws(BackendError) -> HTTPResponse {
        if request.method == "DELETE" {
            try backend.cancelUpload(session: session)
            return GCSErrorJSON.response(status: 499, message: "The upload was cancelled.")
        }
        guard request.method == "PUT" || request.method == "POST" else {
            throw BackendError(status: 405, "A session URL takes PUT (chunks and status) or DELETE (cancel).")
        }
        let current = try backend.queryUpload(session: session)
        switch try ContentRangeHeader(request.header("Content-Range"), bodyLength: request.bodyLength) {
        case .query:
            return answer(current)
        case .finalize(let total):
            // `bytes */TOTAL` with no body: the end of an upload that holds TOTAL bytes, else a status query.
            guard current.state == .active, current.receivedBytes == total else { return answer(current) }
            return answer(
                try backend.uploadChunk(session: session, offset: total, body: request.uploadBody, finalize: true))
        case .chunk(let first, let total):
            let end = first + request.bodyLength
            if let total, end > total {
                throw .badRequest("The chunk ends at byte \(end), past the declared total of \(total).")
            }
            if current.state == .final { return answer(current) }
            // A client resends a chunk whose answer it lost: the bytes the session holds already are skipped.
            let held = current.receivedBytes
            guard first <= held else {
                throw .badRequest("The chunk starts at byte \(first), but the session holds only \(held) bytes.")
            }
            if end <= held, end != total { return answer(current) }
            let skipped = min(held, end) - first
            let body = skipped == 0 ? request.uploadBody : SkippingUploadBody(request.uploadBody, skipping: skipped)
            return answer(
                try backend.uploadChunk(
                    session: session, offset: first + skipped, body: body, finalize: end == total))
        }
    }

    private func answer(_ status: UploadStatus) -> HTTPResponse {
        switch status.state {
        case .active:
            var headers = HTTPHeaders()
            if status.receivedBytes > 0 { headers["Range"] = "bytes=0-\(status.receivedBytes - 1)" }
            return HTTPResponse(status: 308, headers: headers)
        case .final:
            guard let resource = status.resource else {
                return GCSErrorJSON.response(status: 500, message: "The upload finished without an object.")
            }
            return GCSObjectJSON.response(resource, base: base)
        case .cancelled:
            return GCSErrorJSON.response(status: 499, message: "The upload was cancelled.")
        }
    }

    private func name(_ request: StorageRequest, _ metadataName: String?) throws(BackendError) -> String {
        guard let name = request.query["name"].flatMap({ $0.isEmpty ? nil : $0 }) ?? metadataName, !name.isEmpty else {
            throw .badRequest("The upload names no object: put the name in ?name= or in the metadata.")
        }
        return name
    }

}

/// `Content-Range` of a request to a resumable session.
private enum ContentRangeHeader {
    /// `bytes */*`: where does it stand.
    case query
    /// `bytes */TOTAL` with no body: finalizes an upload holding TOTAL bytes; asks where it stands otherwise.
    case finalize(total: Int64)
    /// `bytes A-B/TOTAL` or `bytes A-B/*`.
    case chunk(first: Int64, total: Int64?)

    init(_ header: String?, bodyLength: Int64) throws(BackendError) {
        guard let header else {
            // No header: the whole body is the whole object.
            self = .chunk(first: 0, total: bodyLength)
            return
        }
        guard let range = ContentRange(header) else {
            throw .badRequest(
                "Malformed Content-Range \"\(header)\": expected bytes A-B/TOTAL, bytes A-B/*, bytes */TOTAL or bytes */*, "
                    + "with byte counts up to 5 TiB, the largest object.")
        }
        guard let span = range.span else {
            guard bodyLength == 0 else {
                throw .badRequest("Content-Range \"\(header)\" sends no bytes, but the body has some.")
            }
            self = range.total.map { .finalize(total: $0) } ?? .query
            return
        }
        // Both ends are at most 5 TiB, so neither their difference nor the chunk's end past them can overflow.
        guard span.upperBound - span.lowerBound == bodyLength - 1 else {
            throw .badRequest("Content-Range \"\(header)\" does not describe the \(bodyLength) bytes sent.")
        }
        self = .chunk(first: span.lowerBound, total: range.total)
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// R7: the commands a client sends to an upload URL (`…/o?…&upload_id=ID`), by `X-Goog-Upload-Command`:
/// `upload`, `upload, finalize`, `finalize`, `query`, `cancel`.
///
/// `X-Goog-Upload-Offset` is passed to the service, which refuses a wrong one (400); without it the
/// chunk is appended at the session's current size. Every answer about a known session carries
/// `X-Goog-Upload-Status`; query and cancel answers and errors also `X-Goog-Upload-Size-Received` (production
/// leaves it off upload answers: recorded in fileUpload); a final answer carries the metadata.
package struct UploadSessionHandler {
    let backend: any StorageBackend

    /// `upload, finalize` → `["upload", "finalize"]` (lower case, order kept).
    package static func commandWords(_ header: String) -> [String] {
        header.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
    }

    /// `bucket`: the bucket the upload URL names; with the URL's `name`, it must be the session's own.
    func respond(_ request: StorageRequest, bucket: String, commands: [String], rawCommand: String) -> HTTPResponse {
        guard let session = request.query["upload_id"], !session.isEmpty else {
            return WireResponse.error(.badRequest("The upload URL has no upload_id; start a resumable upload first."))
        }
        do throws(BackendError) {
            let current = try backend.queryUpload(session: session)
            try checkBinding(current, bucket: bucket, name: request.query["name"])
            switch Set(commands) {
            case ["query"]:
                return answer(current, reportingSize: true)
            case ["cancel"]:
                try backend.cancelUpload(session: session)
                return answer(try backend.queryUpload(session: session), reportingSize: true)
            case ["upload"], ["upload", "finalize"], ["finalize"]:
                let finalize = commands.contains("finalize")
                if !commands.contains("upload"), request.bodyLength > 0 {
                    throw .badRequest("A finalize without upload carries no bytes; use \"upload, finalize\".")
                }
                let offset = try self.offset(request, current: current)
                return answer(
                    try backend.uploadChunk(
                        session: session, offset: offset, body: request.uploadBody, finalize: finalize),
                    reportingSize: false)
            default:
                throw .badRequest(
                    "Unknown X-Goog-Upload-Command \"\(rawCommand)\": expected upload, \"upload, finalize\", finalize, query or cancel."
                )
            }
        } catch {
            var headers = HTTPHeaders()
            if let status = try? backend.queryUpload(session: session) {
                describe(status, reportingSize: true, in: &headers)
            }
            return WireResponse.error(error, headers: headers)
        }
    }

    /// An upload URL edited to name another bucket or object does not reach the session (404).
    private func checkBinding(_ current: UploadStatus, bucket: String, name: String?) throws(BackendError) {
        guard let object = current.object else { return }
        guard object.bucket == bucket, name.map({ $0 == object.name }) ?? true else {
            throw .notFound(
                "Not Found. No such upload session for bucket \(bucket)\(name.map { ", object \($0)" } ?? "").")
        }
    }

    /// The chunk's offset: `X-Goog-Upload-Offset`, or where the session stands (`current`).
    private func offset(_ request: StorageRequest, current: UploadStatus) throws(BackendError) -> Int64 {
        guard let text = request.header(UploadHeaders.offset)?.trimmingCharacters(in: .whitespaces) else {
            return current.receivedBytes
        }
        guard let offset = CheckedNumber.byteCount(text) else {
            throw .badRequest(
                "\(UploadHeaders.offset) must be a byte offset up to 5 TiB (the largest object), not \"\(text)\".")
        }
        return offset
    }

    private func answer(_ status: UploadStatus, reportingSize: Bool) -> HTTPResponse {
        var headers = HTTPHeaders()
        describe(status, reportingSize: reportingSize, in: &headers)
        guard status.state == .final, let resource = status.resource else {
            return HTTPResponse(status: 200, headers: headers)
        }
        return WireResponse.resource(resource, headers: headers)
    }

    private func describe(_ status: UploadStatus, reportingSize: Bool, in headers: inout HTTPHeaders) {
        headers[UploadHeaders.status] = status.state.rawValue
        if reportingSize { headers[UploadHeaders.sizeReceived] = String(status.receivedBytes) }
        if let granularity = status.granularity { headers[UploadHeaders.chunkGranularity] = String(granularity) }
    }
}

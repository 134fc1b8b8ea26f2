import Foundation
import StorageModel

/// The requests whose bodies are an object's bytes, which the server streams into the service as they arrive
/// instead of receiving them whole first: media uploads and resumable chunks, on both dialects, under a retry
/// test too (its faults cut the stream as it arrives); multipart and JSON bodies never are.
enum StreamedUploads {
    static func claims(_ http: HTTPRequest) -> Bool {
        guard http.method == "POST" || http.method == "PUT", let request = try? StorageRequest(http)
        else { return false }
        if GCSRoute.claims(http.path) {
            guard case .upload? = try? GCSRoute(path: http.path) else { return false }
            return request.query["upload_id"] != nil || request.query["uploadType"] == "media"
        }
        switch try? StorageRoute(path: http.path) {
        case .object?, .bucket?: break
        default: return false
        }
        guard request.query["create_token"] == nil, request.query["delete_token"] == nil,
            !ObjectWriteHandler.isOverriddenPatch(request)
        else { return false }
        if let command = request.header(UploadHeaders.command) {
            return UploadSessionHandler.commandWords(command).contains("upload")
        }
        return UploadHandler.mediaProtocols.contains(UploadHandler.uploadProtocol(of: request))
    }
}

import Foundation
import StorageModel

/// The requests whose bodies are an object's bytes, which the server streams into the service as they arrive
/// instead of receiving them whole first: media uploads and resumable chunks, on both dialects. A request under
/// a retry test is not streamed (its faults cut the body it holds); multipart and JSON bodies never are.
enum StreamedUploads {
    static func claims(_ http: HTTPRequest) -> Bool {
        guard http.method == "POST" || http.method == "PUT", http.headers["x-retry-test-id"] == nil,
            let query = try? QueryParameters(http.query)
        else { return false }
        if GCSRoute.claims(http.path) {
            guard case .upload? = try? GCSRoute(path: http.path) else { return false }
            return query["upload_id"] != nil || query["uploadType"] == "media"
        }
        switch try? StorageRoute(path: http.path) {
        case .object?, .bucket?: break
        default: return false
        }
        let overridden = http.headers["X-HTTP-Method-Override"]?.trimmingCharacters(in: .whitespaces)
        guard query["create_token"] == nil, query["delete_token"] == nil, overridden?.lowercased() != "patch" else {
            return false
        }
        if let command = http.headers[UploadHeaders.command] {
            return UploadSessionHandler.commandWords(command).contains("upload")
        }
        let uploadProtocol = http.headers[UploadHeaders.uploadProtocol]?.trimmingCharacters(in: .whitespaces)
        return [nil, "raw", "media"].contains(uploadProtocol?.lowercased())
    }
}

import HTTPCore
import StorageWire

/// Cross-origin headers as the Firebase emulator sends them (cors with `origin: true`): any origin is allowed, and
/// the upload headers are exposed to scripts.
enum CrossOriginHeaders {
    static let allowedMethods = "GET,HEAD,PUT,PATCH,POST,DELETE"
    static let maxAgeSeconds = "3600"
    static let exposedHeaders = [
        "content-type", "x-firebase-storage-version", "X-Goog-Upload-Size-Received", "x-goog-upload-url",
        "x-goog-upload-command", "x-gupload-uploadid", "x-goog-upload-header-content-length",
        "x-goog-upload-header-content-type", "x-goog-upload-protocol", "x-goog-upload-status",
        "x-goog-upload-chunk-granularity", "x-goog-upload-control-url",
    ].joined(separator: ",")

    /// The answer to any `OPTIONS`: 204 allowing the origin (or `*`), every method, the requested headers.
    static func preflight(_ request: HTTPRequest) -> HTTPResponse {
        var headers = HTTPHeaders()
        WireResponse.setHeader("Access-Control-Allow-Origin", request.headers["Origin"] ?? "*", in: &headers)
        headers["Access-Control-Allow-Methods"] = allowedMethods
        WireResponse.setHeader(
            "Access-Control-Allow-Headers", request.headers["Access-Control-Request-Headers"], in: &headers)
        headers["Access-Control-Max-Age"] = maxAgeSeconds
        if request.headers.contains(name: "Access-Control-Request-Private-Network") {
            headers["Access-Control-Allow-Private-Network"] = "true"
        }
        headers["Vary"] = "Origin, Access-Control-Request-Headers"
        return HTTPResponse(status: 204, headers: headers)
    }

    /// Adds the origin and the exposed headers to an answer for a request that sent `Origin`.
    static func decorate(_ response: inout HTTPResponse, for request: HTTPRequest) {
        guard let origin = request.headers["Origin"] else { return }
        WireResponse.setHeader("Access-Control-Allow-Origin", origin, in: &response.headers)
        response.headers["Access-Control-Expose-Headers"] = exposedHeaders
        response.headers.add(name: "Vary", value: "Origin")
    }
}

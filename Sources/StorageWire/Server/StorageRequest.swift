import Foundation
import HTTPCore
import Primitives
import StorageAPI

/// A request as the route handlers read it: the HTTP request, its decoded query and the caller's token.
package struct StorageRequest {
    package let http: HTTPRequest
    package let query: QueryParameters
    /// The ID token of `Authorization: Firebase <token>` (or `Bearer <token>`); any other value is passed
    /// on whole, for the service to refuse. Nil without the header.
    package var auth: String?

    package init(_ http: HTTPRequest) throws(BackendError) {
        self.http = http
        query = try QueryParameters(http.query)
        auth = http.headers["Authorization"].map(Self.token(fromAuthorization:))
    }

    package var method: String { http.method }
    package var body: Data { http.body }

    /// The body's length, whether the server read it or streams it.
    package var bodyLength: Int64 { http.bodyLength }

    /// The body as an upload's bytes: pulled from the connection as they arrive when the server streams it.
    package var uploadBody: any UploadBody { http.bodyStream.map(RequestUploadBody.init) ?? DataUploadBody(http.body) }

    package func header(_ name: String) -> String? {
        http.headers[name]
    }

    /// A header compared without regard to ASCII case, e.g. `X-Goog-Upload-Protocol: Resumable`.
    package func header(_ name: String, is expected: String) -> Bool {
        guard let value = header(name) else { return false }
        let trimmed = ASCII.trimmingBlanks(value[...])
        return trimmed.utf8.count == expected.utf8.count && ASCII.hasPrefix(trimmed, caseInsensitive: expected)
    }

    /// The token of `Authorization: Firebase TOKEN` (or `Bearer TOKEN`, or a bare token), blanks aside.
    private static func token(fromAuthorization value: String) -> String {
        let trimmed = ASCII.trimmingBlanks(value[...])
        for scheme in ["firebase ", "bearer "] where ASCII.hasPrefix(trimmed, caseInsensitive: scheme) {
            let rest = trimmed.utf8.index(trimmed.startIndex, offsetBy: scheme.utf8.count)
            return String(ASCII.trimmingBlanks(trimmed[rest...]))
        }
        return String(trimmed)
    }
}

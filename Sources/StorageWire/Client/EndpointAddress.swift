import Foundation
import StorageAPI

/// Where an HTTP backend's requests go: its base URL as text (no trailing `/`), the URLs built from it, and
/// the upload-session URLs its answers name. Shared by the v0 and GCS clients.
package struct EndpointAddress: Sendable {
    /// The base URL without a trailing `/`, such as `http://127.0.0.1:9199`.
    package let base: String

    package init(_ baseURL: URL) {
        var text = Substring(baseURL.absoluteString)
        while text.hasSuffix("/") { text = text.dropLast() }
        base = String(text)
    }

    package func url(path: String, query: [(String, String)] = []) throws(BackendError) -> URL {
        let text = base + path + (query.isEmpty ? "" : "?" + QueryParameters.encode(query))
        guard let url = URL(string: text) else {
            throw BackendError(.transport, "cannot make a request URL of \(text)")
        }
        return url
    }

    /// A session URL as an answer gives it: absolute (http or https), or a path on this endpoint.
    package func resolve(_ location: String) -> URL? {
        let trimmed = location.trimmingCharacters(in: .whitespaces)
        if trimmed.hasPrefix("/") { return try? url(path: trimmed) }
        guard let url = URL(string: trimmed), let scheme = url.scheme?.lowercased(),
            scheme == "http" || scheme == "https"
        else { return nil }
        return url
    }
}

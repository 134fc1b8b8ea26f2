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

extension ListRequest {
    /// `prefix` (left out at the root), `delimiter`, `maxResults` and `pageToken`, as both dialects send them.
    package var wireQuery: [(String, String)] {
        var query: [(String, String)] = []
        if !prefix.isEmpty { query.append(("prefix", prefix)) }
        if let delimiter { query.append(("delimiter", delimiter)) }
        if let maxResults { query.append(("maxResults", String(maxResults))) }
        if let pageToken { query.append(("pageToken", pageToken)) }
        return query
    }
}

extension MetadataPatch {
    /// The patch as one request body can say it. Clearing all custom keys and setting some cannot be said at
    /// once: it becomes the deletion of the object's other current keys (read with `currentKeys`), and the sets.
    package func sayable(currentKeys: () throws(BackendError) -> [String]) throws(BackendError) -> MetadataPatch {
        guard removesAllCustomMetadata, !customMetadata.isEmpty else { return self }
        var patch = self
        for key in try currentKeys() where patch.customMetadata[key] == nil { patch.customMetadata[key] = .some(nil) }
        patch.removesAllCustomMetadata = false
        return patch
    }
}

extension ReadRequest {
    /// Refuses a negative offset or length (400), then gives the headers of the media GET: `Accept-Encoding:
    /// identity`, `Range` (none for a whole read from 0) and `If-Range`; `ranged` tells whether a range was sent.
    package func mediaHeaders() throws(BackendError) -> (headers: [(String, String)], ranged: Bool) {
        guard offset >= 0 else { throw .badRequest("Invalid read: the offset \(offset) is negative.") }
        if let length, length < 0 { throw .badRequest("Invalid read: the length \(length) is negative.") }
        var headers: [(String, String)] = [("Accept-Encoding", "identity")]
        guard let range = ClientWire.rangeHeader(offset: offset, length: length) else { return (headers, false) }
        headers.append(("Range", range))
        if let ifRange, let value = ClientWire.headerValue(ifRange) { headers.append(("If-Range", value)) }
        return (headers, true)
    }
}

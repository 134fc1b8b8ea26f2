import Foundation
import StorageAPI

/// A bucket or object name as one segment of a URL path, both ways: what the clients send and the routes read.
package enum PathSegment {
    /// A name as one path segment: `GCSEscaping`, plus `.` and `..` escaped so no URL layer resolves them.
    package static func encode(_ text: String) -> String {
        switch text {
        case ".": "%2E"
        case "..": "%2E%2E"
        default: GCSEscaping.escape(text)
        }
    }

    /// A path segment percent-decoded once; a malformed escape is a 400.
    package static func decode(_ text: Substring) throws(BackendError) -> String {
        guard let decoded = GCSEscaping.percentDecode(String(text)) else {
            throw .badRequest("Malformed percent-encoding in the path: \(text)")
        }
        return decoded
    }
}

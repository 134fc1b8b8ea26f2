import Foundation
import StorageAPI

/// A request's query string, decoded once as HTML forms encode it: `+` is a space, then `%XX` escapes
/// are decoded (so a literal `+` must be sent as `%2B`, as the SDKs do). A raw `/` needs no escaping.
package struct QueryParameters: Sendable {
    private var pairs: [(name: String, value: String)] = []

    /// Throws a 400 when an escape is malformed or decodes to invalid UTF-8.
    package init(_ query: String?) throws(BackendError) {
        guard let query, !query.isEmpty else { return }
        // Split as bytes: `&` and `=` are ASCII, and bytes compare much faster than characters.
        for part in query.utf8.split(separator: UInt8(ascii: "&"), omittingEmptySubsequences: true) {
            let name: Substring
            let value: Substring
            if let equals = part.firstIndex(of: UInt8(ascii: "=")) {
                name = Substring(part[..<equals])
                value = Substring(part[part.index(after: equals)...])
            } else {
                name = Substring(part)
                value = ""
            }
            pairs.append((try Self.decode(name), try Self.decode(value)))
        }
    }

    /// The first value of `name`.
    package subscript(name: String) -> String? {
        pairs.first { $0.name == name }?.value
    }

    /// Every value of `name`, in order (`permissions=a&permissions=b`).
    package func values(_ name: String) -> [String] {
        pairs.filter { $0.name == name }.map(\.value)
    }

    /// The first value of each name (what `request.params` holds in rules).
    package var firstValues: [String: String] {
        var values: [String: String] = [:]
        for (name, value) in pairs where values[name] == nil { values[name] = value }
        return values
    }

    /// Builds a query string from name-value pairs with `GCSEscaping.queryEscape`.
    package static func encode(_ pairs: [(String, String)]) -> String {
        pairs.map { GCSEscaping.queryEscape($0.0) + "=" + GCSEscaping.queryEscape($0.1) }.joined(separator: "&")
    }

    private static func decode(_ text: Substring) throws(BackendError) -> String {
        let spaced =
            text.utf8.contains(UInt8(ascii: "+")) ? text.replacingOccurrences(of: "+", with: " ") : String(text)
        guard let decoded = GCSEscaping.percentDecode(spaced) else {
            throw .badRequest("Malformed percent-encoding in the query: \(text)")
        }
        return decoded
    }
}

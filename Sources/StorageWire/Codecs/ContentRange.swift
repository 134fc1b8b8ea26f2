import Foundation

/// A `Content-Range: bytes first-last/total` (or `bytes */total`) header.
package struct ContentRange {
    package var first: Int64?
    package var last: Int64?
    package var total: Int64?

    package init?(_ header: String?) {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.lowercased().hasPrefix("bytes "), let slash = trimmed.lastIndex(of: "/") else { return nil }
        let span = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<slash].trimmingCharacters(in: .whitespaces)
        let totalText = trimmed[trimmed.index(after: slash)...]
        total = totalText == "*" ? nil : Int64(totalText)
        if span != "*" {
            let bounds = span.split(separator: "-", omittingEmptySubsequences: false)
            guard bounds.count == 2, let first = Int64(bounds[0]), let last = Int64(bounds[1]), first <= last else {
                return nil
            }
            self.first = first
            self.last = last
        }
    }
}

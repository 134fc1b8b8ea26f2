import Foundation
import Primitives

/// A `Content-Range` header (RFC 9110 §14.4) as GCS uses it, read by the servers (a resumable upload's chunk) and the
/// clients (a 206 or 416 answer): `bytes FIRST-LAST/TOTAL`, `bytes FIRST-LAST/*` (total not known yet),
/// `bytes */TOTAL` and `bytes */*` (no bytes). Every number is a byte count up to 5 TiB, the largest object, so
/// arithmetic on them cannot overflow.
package struct ContentRange: Equatable, Sendable {
    /// The bytes sent, or nil for `*`.
    package var span: ClosedRange<Int64>?
    /// The object's size, or nil for `*`.
    package var total: Int64?

    package init(span: ClosedRange<Int64>?, total: Int64?) {
        self.span = span
        self.total = total
    }

    /// Nil when `header` is absent or not one of the four forms (the unit's case and spaces around the parts do not
    /// matter).
    package init?(_ header: String?) {
        guard let header else { return nil }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard trimmed.prefix(6).lowercased() == "bytes ", let slash = trimmed.lastIndex(of: "/") else { return nil }
        let spanText = trimmed[trimmed.index(trimmed.startIndex, offsetBy: 6)..<slash].trimmingCharacters(
            in: .whitespaces)
        let totalText = trimmed[trimmed.index(after: slash)...]
        if totalText == "*" {
            total = nil
        } else {
            guard let total = CheckedNumber.byteCount(totalText) else { return nil }
            self.total = total
        }
        if spanText == "*" {
            span = nil
            return
        }
        let bounds = spanText.split(separator: "-", omittingEmptySubsequences: false)
        guard bounds.count == 2, let first = CheckedNumber.byteCount(bounds[0]),
            let last = CheckedNumber.byteCount(bounds[1]), first <= last, last < CheckedNumber.largestObject
        else { return nil }
        span = first...last
    }

    /// The first byte sent, or nil for `*`.
    package var first: Int64? { span?.lowerBound }

    /// The header's value.
    package var header: String {
        "bytes " + (span.map { "\($0.lowerBound)-\($0.upperBound)" } ?? "*") + "/" + (total.map(String.init) ?? "*")
    }

    /// `count` bytes from `first` of an object of `total` bytes (`bytes */TOTAL` when `count` is 0).
    package static func bytes(from first: Int64, count: Int64, of total: Int64?) -> ContentRange {
        guard count > 0, case (let last, false) = first.addingReportingOverflow(count - 1) else {
            return ContentRange(span: nil, total: total)
        }
        return ContentRange(span: first...last, total: total)
    }
}

import Foundation

/// The `Range` header of a download, as this server decides to read it.
///
/// One `bytes=` range is served (206). A header with another unit, or with several ranges, is ignored
/// and the whole object is sent (200), as RFC 9110 allows. A `bytes=` header that cannot be read is
/// answered 416, like an unsatisfiable range.
package enum ByteRange: Equatable {
    /// No usable range: the whole object.
    case whole
    /// `bytes=first-last` (`last` inclusive) or `bytes=first-` (`last` nil).
    case from(Int64, through: Int64?)
    /// `bytes=-count`: the last `count` bytes.
    case suffix(Int64)
    /// A `bytes=` header that is not a valid single range.
    case malformed

    package init(header: String?) {
        guard let header else {
            self = .whole
            return
        }
        let trimmed = header.trimmingCharacters(in: .whitespaces)
        guard let equals = trimmed.firstIndex(of: "="),
            trimmed[..<equals].trimmingCharacters(in: .whitespaces).lowercased() == "bytes"
        else {
            self = .whole
            return
        }
        let specs = trimmed[trimmed.index(after: equals)...].split(separator: ",", omittingEmptySubsequences: false)
            .map { $0.trimmingCharacters(in: .whitespaces) }
        guard specs.count == 1, let spec = specs.first else {
            self = specs.allSatisfy({ Self.parse($0) != .malformed }) ? .whole : .malformed
            return
        }
        self = Self.parse(spec)
    }

    private static func parse(_ spec: String) -> ByteRange {
        guard let dash = spec.firstIndex(of: "-") else { return .malformed }
        let first = spec[..<dash]
        let last = spec[spec.index(after: dash)...]
        if first.isEmpty {
            guard let count = number(last) else { return .malformed }
            return .suffix(count)
        }
        guard let start = number(first) else { return .malformed }
        if last.isEmpty { return .from(start, through: nil) }
        guard let end = number(last), end >= start else { return .malformed }
        return .from(start, through: end)
    }

    private static func number(_ text: Substring) -> Int64? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int64(text)
    }
}

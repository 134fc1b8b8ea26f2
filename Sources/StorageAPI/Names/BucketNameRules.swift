import Primitives

/// The bucket names Cloud Storage accepts: 3–63 characters (up to 222 when dotted, 63 per dot-separated part),
/// lower-case letters, digits, `-`, `_` and `.`, starting and ending with a letter or digit, not an IPv4
/// address, not starting with `goog`, and not containing `google` (or `g00gle`).
package enum BucketNameRules {
    /// Throws 400 naming the rule `name` breaks.
    package static func validate(_ name: String) throws(BackendError) {
        if let problem = problem(name) {
            throw .badRequest("Invalid bucket name \"\(name)\": \(problem).")
        }
    }

    private static func problem(_ name: String) -> String? {
        var name = name
        return name.withUTF8(problem(bytes:))
    }

    private static func problem(bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if isPlainValidName(bytes) { return nil }
        let parts = bytes.split(separator: UInt8(ascii: "."), omittingEmptySubsequences: false)
        let limit = parts.count > 1 ? 222 : 63
        guard (3...limit).contains(bytes.count) else { return "it must be 3 to \(limit) characters long" }
        guard bytes.allSatisfy(isAllowed) else {
            return "only lower-case letters, digits, '-', '_' and '.' are allowed"
        }
        guard let first = bytes.first, let last = bytes.last, isLetterOrDigit(first), isLetterOrDigit(last) else {
            return "it must start and end with a letter or digit"
        }
        if parts.contains(where: { $0.isEmpty || $0.count > 63 }) {
            return "each dot-separated part must be 1 to 63 characters long"
        }
        if parts.count == 4, parts.allSatisfy({ $0.allSatisfy(ASCII.isDigit) }) {
            return "it must not be an IP address"
        }
        if bytes.starts(with: "goog".utf8) || contains(bytes, "google") || contains(bytes, "g00gle") {
            return "it must not start with goog or contain google"
        }
        return nil
    }

    /// The common case, told in one pass without allocating: 3–63 lower-case letters, digits, `-` and `_`,
    /// without dots, starting and ending with a letter or digit, and no `g` at all (so no `goog` or `google`).
    /// False says only that the full rules must decide.
    private static func isPlainValidName(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard (3...63).contains(bytes.count), let first = bytes.first, let last = bytes.last,
            isLetterOrDigit(first), isLetterOrDigit(last)
        else { return false }
        return bytes.allSatisfy { byte in
            byte != UInt8(ascii: "g")
                && (isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_"))
        }
    }

    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ word: StaticString) -> Bool {
        let pattern = UnsafeBufferPointer(start: word.utf8Start, count: word.utf8CodeUnitCount)
        guard bytes.count >= pattern.count else { return false }
        return (0...(bytes.count - pattern.count)).contains { start in
            pattern.indices.allSatisfy { bytes[start + $0] == pattern[$0] }
        }
    }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        ASCII.isLowercaseLetter(byte) || ASCII.isDigit(byte)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        isLetterOrDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: ".")
    }
}

/// Splits a raw request target into its path and query without decoding anything.
enum RequestTarget {
    /// `/a?b` → (`/a`, `b`); `http://host/a?b` → (`/a`, `b`); `*` → (`*`, nil). Works on UTF-8 bytes.
    static func split(_ target: String) -> (path: String, query: String?) {
        let bytes = target.utf8
        var pathStart = bytes.startIndex
        if let authority = schemeEnd(of: bytes) {
            pathStart =
                bytes[authority...].firstIndex { $0 == UInt8(ascii: "/") || $0 == UInt8(ascii: "?") } ?? bytes.endIndex
        }
        let rest = bytes[pathStart...]
        guard let mark = rest.firstIndex(of: UInt8(ascii: "?")) else {
            return (rest.isEmpty ? "/" : String(decoding: rest, as: UTF8.self), nil)
        }
        let path = rest[..<mark]
        return (
            path.isEmpty ? "/" : String(decoding: path, as: UTF8.self),
            String(decoding: rest[bytes.index(after: mark)...], as: UTF8.self)
        )
    }

    /// The index after `scheme://` when the target is in absolute form.
    private static func schemeEnd(of bytes: String.UTF8View) -> String.UTF8View.Index? {
        guard let first = bytes.first, first != UInt8(ascii: "/"), first != UInt8(ascii: "*") else { return nil }
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if byte == UInt8(ascii: ":") { break }
            let isSchemeByte =
                (byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "A") && byte <= UInt8(ascii: "Z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "+")
                || byte == UInt8(ascii: "-")
                || byte == UInt8(ascii: ".")
            guard isSchemeByte else { return nil }
            index = bytes.index(after: index)
        }
        let slashes = bytes[index...].dropFirst()
        guard index < bytes.endIndex, slashes.starts(with: "//".utf8) else { return nil }
        return bytes.index(slashes.startIndex, offsetBy: 2)
    }
}

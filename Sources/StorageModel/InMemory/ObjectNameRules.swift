/// The service's limits on object names (1–1024 bytes of UTF-8; no CR, LF or NUL; not `.` or `..`; not under
/// `.well-known/acme-challenge/`), as Cloud Storage sets them, checked on every object operation; list
/// filtering's notion of a well-formed path lives here too.
package enum ObjectNameRules {
    static let maximumBytes = 1024

    /// Throws 400 when `name` breaks one of the rules above.
    package static func validate(_ name: String) throws(BackendError) {
        let byteCount = name.utf8.count
        if byteCount == 0 {
            throw .badRequest("Invalid object name: the name is empty.")
        }
        if byteCount > maximumBytes {
            throw .badRequest("Invalid object name: \(byteCount) bytes of UTF-8; the limit is \(maximumBytes).")
        }
        if name.utf8.contains(where: { $0 == 0x0A || $0 == 0x0D }) {
            throw .badRequest("Invalid object name: it contains a carriage return or line feed.")
        }
        if name.utf8.contains(0) {
            throw .badRequest("Invalid object name: it contains a NUL character.")
        }
        if name == "." || name == ".." {
            throw .badRequest("Invalid object name: \(name) is not a name Cloud Storage allows.")
        }
        if name.hasPrefix(".well-known/acme-challenge/") {
            throw .badRequest("Invalid object name: names under .well-known/acme-challenge/ are reserved.")
        }
    }

    /// Whether the first `count` bytes of `bytes`, split at `/`, have no empty segment: not empty, no
    /// leading or trailing `/`, no `//`. Names that fail this are never listed.
    static func isWellFormedPath(_ bytes: [UInt8], count: Int) -> Bool {
        bytes.withUnsafeBufferPointer { buffer in
            guard count > 0, count <= buffer.count, buffer[0] != slash, buffer[count - 1] != slash else { return false }
            var previous: UInt8 = 0
            for byte in UnsafeBufferPointer(rebasing: buffer[..<count]) {
                if byte == slash && previous == slash { return false }
                previous = byte
            }
            return true
        }
    }

    private static let slash = UInt8(ascii: "/")
}

/// The service's limits on object names (1–1024 bytes of UTF-8, no CR or LF), checked on every
/// object operation; list filtering's notion of a well-formed path lives here too.
enum ObjectNameRules {
    static let maximumBytes = 1024

    /// Throws 400 when `name` is empty, longer than 1024 UTF-8 bytes, or contains CR or LF.
    static func validate(_ name: String) throws(BackendError) {
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
    }

    /// Whether `bytes` split at `/` has no empty segment: not empty, no leading or trailing `/`, no `//`.
    /// Names that fail this are never listed.
    static func isWellFormedPath(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard let first = bytes.first, let last = bytes.last, first != slash, last != slash else { return false }
        var previousWasSlash = false
        for byte in bytes {
            let isSlash = byte == slash
            if isSlash && previousWasSlash { return false }
            previousWasSlash = isSlash
        }
        return true
    }

    private static let slash = UInt8(ascii: "/")
}

/// ASCII byte classes shared by every parser in the package (YAML, HTTP, JSON, URL escaping, names). Each
/// module adds the constants and classes of its own grammar in an extension.
package enum ASCII {
    @inlinable @inline(__always)
    package static func isDigit(_ byte: UInt8) -> Bool { byte &- 0x30 < 10 }

    @inlinable @inline(__always)
    package static func isLowercaseLetter(_ byte: UInt8) -> Bool { byte &- 0x61 < 26 }

    @inlinable @inline(__always)
    package static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        isDigit(byte) || isLowercaseLetter(byte | 0x20)
    }

    @inlinable @inline(__always)
    package static func lowercased(_ byte: UInt8) -> UInt8 {
        byte &- 0x41 < 26 ? byte | 0x20 : byte
    }

    /// `text` without the spaces and tabs at either end: HTTP's optional whitespace, trimmed without Foundation
    /// (whose `trimmingCharacters` goes through UTF-16 and cost a seventh of a small GET).
    package static func trimmingBlanks(_ text: Substring) -> Substring {
        let bytes = text.utf8
        let isBlank = { (byte: UInt8) in byte == 0x20 || byte == 0x09 }
        guard let first = bytes.firstIndex(where: { !isBlank($0) }), let last = bytes.lastIndex(where: { !isBlank($0) })
        else { return text[text.endIndex...] }
        // The byte after the last one kept is a blank or the end: a scalar boundary.
        return text[first..<bytes.index(after: last)]
    }

    /// Whether `text` starts with `prefix`, given in lowercase ASCII, whatever the case of `text`'s letters.
    package static func hasPrefix(_ text: Substring, caseInsensitive prefix: String) -> Bool {
        var bytes = text.utf8.makeIterator()
        for expected in prefix.utf8 {
            guard let byte = bytes.next(), lowercased(byte) == expected else { return false }
        }
        return true
    }

    /// The value of a hexadecimal digit (either case), or nil.
    @inlinable @inline(__always)
    package static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

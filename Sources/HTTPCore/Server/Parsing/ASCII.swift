import Primitives

/// Byte classes from RFC 9110/9112 used by the parser and the response writer.
extension ASCII {
    static let lf: UInt8 = 0x0A
    static let cr: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let tab: UInt8 = 0x09
    static let colon: UInt8 = 0x3A

    /// `tchar`: the characters allowed in methods, header names and transfer codings: letters, digits and
    /// ``!#$%&'*+-.^_`|~``, as bits of two masks (bytes 0–63 and 64–127), which cost no table lookup.
    @inline(__always)
    static func isTokenChar(_ byte: UInt8) -> Bool {
        switch byte {
        case 0..<64: (0x03FF_6CFA_0000_0000 as UInt64) >> byte & 1 == 1
        case 64..<128: (0x57FF_FFFF_C7FF_FFFE as UInt64) >> (byte &- 64) & 1 == 1
        default: false
        }
    }

    /// Characters allowed in a header value: HTAB, SP, visible ASCII and obs-text (0x80–0xFF).
    @inline(__always)
    static func isFieldValueChar(_ byte: UInt8) -> Bool {
        byte == tab || (byte >= 0x20 && byte != 0x7F)
    }

    /// Characters allowed in a request target: visible ASCII except `#`.
    @inline(__always)
    static func isTargetChar(_ byte: UInt8) -> Bool {
        byte > 0x20 && byte < 0x7F && byte != 0x23
    }

    @inline(__always)
    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab
    }

    /// Whether `bytes` equals `lowercaseName` ignoring ASCII case (`lowercaseName` must be lowercase).
    static func equalsIgnoringCase(_ bytes: UnsafeRawBufferPointer, _ lowercaseName: StaticString) -> Bool {
        guard bytes.count == lowercaseName.utf8CodeUnitCount else { return false }
        let name = lowercaseName.utf8Start
        for index in 0..<bytes.count where lowercased(bytes[index]) != name[index] {
            return false
        }
        return true
    }
}

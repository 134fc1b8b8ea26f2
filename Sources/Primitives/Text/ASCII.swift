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

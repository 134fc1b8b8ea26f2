/// Unpadded base64url (RFC 4648 §5), for page tokens and etags: Foundation's base64 plus string
/// rewriting would cost more than the listing page itself.
enum Base64URL {
    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_".utf8)

    static func encode(_ bytes: [UInt8]) -> String {
        var text: [UInt8] = []
        text.reserveCapacity((bytes.count * 4 + 2) / 3)
        var index = 0
        while index < bytes.count {
            let remaining = min(3, bytes.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 {
                group <<= 8
                if offset < remaining { group |= UInt32(bytes[index + offset]) }
            }
            for position in 0...remaining {
                text.append(alphabet[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` encodes, or nil when it is not unpadded base64url.
    static func decode(_ text: String) -> [UInt8]? {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var group: UInt32 = 0
        var bits = 0
        for character in text.utf8 {
            guard let value = sextet(character) else { return nil }
            group = (group << 6) | UInt32(value)
            bits += 6
            if bits >= 8 {
                bits -= 8
                bytes.append(UInt8(truncatingIfNeeded: group >> UInt32(bits)))
                group &= (1 << UInt32(bits)) - 1
            }
        }
        // A lone trailing character (6 bits) or non-zero leftover bits is not a canonical encoding.
        guard bits < 6, group == 0 else { return nil }
        return bytes
    }

    private static func sextet(_ character: UInt8) -> UInt8? {
        switch character {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): character - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): character - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): character - UInt8(ascii: "0") + 52
        case UInt8(ascii: "-"): 62
        case UInt8(ascii: "_"): 63
        default: nil
        }
    }
}

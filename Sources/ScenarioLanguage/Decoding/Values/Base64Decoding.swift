import YAMLReader

/// Standard base64 (RFC 4648 alphabet `A–Z a–z 0–9 + /`) for `{ base64: … }` data sources.
///
/// Whitespace (spaces, tabs, line breaks: block scalars) is ignored; `=` padding may be present or
/// omitted, but nothing may follow it. URL-safe characters (`-`, `_`) and any other character are errors.
enum Base64Decoding {
    /// Why a text is not base64: a message naming the problem.
    struct Problem: Error, Equatable {
        var message: String
    }

    static func decode(_ text: String) -> Result<[UInt8], Problem> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var accumulator: UInt32 = 0
        var pending = 0
        var padding = 0
        var position = 0
        for byte in text.utf8 {
            position += 1
            if byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "=") {
                padding += 1
                continue
            }
            guard padding == 0 else {
                return .failure(Problem(message: "nothing may follow the = padding (character \(position))"))
            }
            guard let value = sextet(byte) else {
                let character = byte < 0x80 ? YAMLNode.quoted(String(UnicodeScalar(byte))) : "a non-ASCII character"
                return .failure(Problem(message: "\(character) at character \(position) is not a base64 character"))
            }
            accumulator = accumulator << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> 16))
                bytes.append(UInt8(truncatingIfNeeded: accumulator >> 8))
                bytes.append(UInt8(truncatingIfNeeded: accumulator))
                accumulator = 0
                pending = 0
            }
        }
        switch pending {
        case 0:
            guard padding == 0 else { return .failure(Problem(message: "unexpected = padding")) }
        case 2:
            guard padding == 0 || padding == 2 else {
                return .failure(Problem(message: "wrong = padding (expected ==)"))
            }
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 4))
        case 3:
            guard padding == 0 || padding == 1 else {
                return .failure(Problem(message: "wrong = padding (expected =)"))
            }
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 10))
            bytes.append(UInt8(truncatingIfNeeded: accumulator >> 2))
        default:
            return .failure(Problem(message: "the text ends in the middle of a byte (a base64 length is never 4n+1)"))
        }
        return .success(bytes)
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}

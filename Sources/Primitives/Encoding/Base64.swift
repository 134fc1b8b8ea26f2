/// Base64 (RFC 4648) in both alphabets: the package's one encoder and decoder, for page tokens, etags,
/// checksums, ID tokens, fixtures and scenario data.
package enum Base64 {
    package enum Alphabet: Sendable {
        /// `A–Z a–z 0–9 + /`, written with `=` padding (§4).
        case standard
        /// `A–Z a–z 0–9 - _`, written without padding (§5): page tokens and JWTs.
        case url

        fileprivate var extra: (UInt8, UInt8) {
            switch self {
            case .standard: (UInt8(ascii: "+"), UInt8(ascii: "/"))
            case .url: (UInt8(ascii: "-"), UInt8(ascii: "_"))
            }
        }
    }

    /// Why a text is not base64, in words for an error message.
    package struct Problem: Error, Equatable, Sendable {
        package var message: String

        package init(message: String) {
            self.message = message
        }
    }

    package static func encode(_ bytes: some Collection<UInt8>, alphabet: Alphabet = .standard) -> String {
        let table =
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8) + [
                alphabet.extra.0, alphabet.extra.1,
            ]
        let input = Array(bytes)
        var text: [UInt8] = []
        text.reserveCapacity((input.count + 2) / 3 * 4)
        var index = 0
        while index < input.count {
            let remaining = min(3, input.count - index)
            var group: UInt32 = 0
            for offset in 0..<3 {
                group <<= 8
                if offset < remaining { group |= UInt32(input[index + offset]) }
            }
            for position in 0...remaining {
                text.append(table[Int((group >> UInt32(18 - 6 * position)) & 0x3F)])
            }
            if alphabet == .standard {
                for _ in remaining..<3 { text.append(UInt8(ascii: "=")) }
            }
            index += 3
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// The bytes `text` encodes. `=` padding may be present or omitted (in the standard alphabet only), but
    /// nothing may follow it; the last character may carry no bits beyond the data (a canonical encoding).
    /// With `skippingWhitespace`, spaces, tabs and line breaks are ignored (text folded over lines).
    package static func decode(
        _ text: some StringProtocol, alphabet: Alphabet = .standard, skippingWhitespace: Bool = false
    ) -> Result<[UInt8], Problem> {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count * 3 / 4)
        var group: UInt32 = 0
        var pending = 0
        var padding = 0
        var position = 0
        for byte in text.utf8 {
            position += 1
            if skippingWhitespace, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { continue }
            if byte == UInt8(ascii: "="), alphabet == .standard {
                padding += 1
                continue
            }
            guard padding == 0 else {
                return .failure(Problem(message: "nothing may follow the = padding (character \(position))"))
            }
            guard let value = sextet(byte, alphabet) else {
                let character = (0x21..<0x7F).contains(byte) ? "\"\(UnicodeScalar(byte))\"" : "byte \(byte)"
                return .failure(Problem(message: "\(character) at character \(position) is not a base64 character"))
            }
            group = group << 6 | UInt32(value)
            pending += 1
            if pending == 4 {
                bytes.append(UInt8(truncatingIfNeeded: group >> 16))
                bytes.append(UInt8(truncatingIfNeeded: group >> 8))
                bytes.append(UInt8(truncatingIfNeeded: group))
                group = 0
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
            guard group & 0xF == 0 else { return .failure(nonCanonical) }
            bytes.append(UInt8(truncatingIfNeeded: group >> 4))
        case 3:
            guard padding == 0 || padding == 1 else {
                return .failure(Problem(message: "wrong = padding (expected =)"))
            }
            guard group & 0x3 == 0 else { return .failure(nonCanonical) }
            bytes.append(UInt8(truncatingIfNeeded: group >> 10))
            bytes.append(UInt8(truncatingIfNeeded: group >> 2))
        default:
            return .failure(Problem(message: "the text ends in the middle of a byte (a base64 length is never 4n+1)"))
        }
        return .success(bytes)
    }

    private static let nonCanonical = Problem(message: "the last character carries bits beyond the data")

    private static func sextet(_ byte: UInt8, _ alphabet: Alphabet) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case alphabet.extra.0: 62
        case alphabet.extra.1: 63
        default: nil
        }
    }
}

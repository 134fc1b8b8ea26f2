/// Checks that a file's bytes are text the scanner can read: valid UTF-8 holding only characters YAML
/// allows, and none that YAML 1.1 and 1.2 loaders read differently (NEL, LINE SEPARATOR, PARAGRAPH
/// SEPARATOR are line breaks in YAML 1.1 only).
///
/// Control characters written as escapes inside double quotes (`"\0"`) are fine: this looks at raw bytes.
enum InputValidator {
    struct Problem {
        var offset: Int
        var message: String
    }

    /// The first byte that is not acceptable, starting at `start` (after any byte order mark).
    static func firstProblem(in text: UnsafeBufferPointer<UInt8>, from start: Int) -> Problem? {
        var index = start
        let end = text.count
        while index < end {
            let byte = text[index]
            if byte >= 0x20 && byte < 0x7F {
                index += 1
                continue
            }
            if byte < 0x80 {
                if byte == 0x0A || byte == 0x0D || byte == 0x09 {
                    index += 1
                    continue
                }
                return Problem(offset: index, message: controlMessage(UInt32(byte)))
            }
            guard let (scalar, length) = decode(text, at: index) else {
                return Problem(offset: index, message: "invalid UTF-8 (byte 0x\(hex(UInt32(byte), digits: 2)))")
            }
            if let message = disallowedMessage(scalar) {
                return Problem(offset: index, message: message)
            }
            index += length
        }
        return nil
    }

    /// A scalar of two to four bytes, or `nil` when the sequence at `index` is not valid UTF-8.
    private static func decode(_ text: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int)? {
        let lead = UInt32(text[index])
        let length: Int
        var lowest: UInt8 = 0x80
        var highest: UInt8 = 0xBF
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            scalar = lead & 0x1F
        case 0xE0...0xEF:
            length = 3
            scalar = lead & 0x0F
            if lead == 0xE0 { lowest = 0xA0 }
            if lead == 0xED { highest = 0x9F }
        case 0xF0...0xF4:
            length = 4
            scalar = lead & 0x07
            if lead == 0xF0 { lowest = 0x90 }
            if lead == 0xF4 { highest = 0x8F }
        default:
            return nil
        }
        guard index + length <= text.count else { return nil }
        for position in 1..<length {
            let byte = text[index + position]
            let low = position == 1 ? lowest : 0x80
            let high = position == 1 ? highest : 0xBF
            guard byte >= low && byte <= high else { return nil }
            scalar = scalar << 6 | UInt32(byte & 0x3F)
        }
        return (scalar, length)
    }

    private static func disallowedMessage(_ scalar: UInt32) -> String? {
        switch scalar {
        case 0x85:
            return "U+0085 NEXT LINE is a line break for YAML 1.1 loaders; write it as \\N in a double-quoted string"
        case 0x80...0x9F:
            return controlMessage(scalar)
        case 0x2028:
            return
                "U+2028 LINE SEPARATOR is a line break for YAML 1.1 loaders; write it as \\L in a double-quoted string"
        case 0x2029:
            return
                "U+2029 PARAGRAPH SEPARATOR is a line break for YAML 1.1 loaders; write it as \\P in a double-quoted string"
        case 0xFEFF:
            return "a byte order mark (U+FEFF) is only allowed at the start of the file"
        case 0xFFFE, 0xFFFF:
            return "U+\(hex(scalar, digits: 4)) is not a character YAML allows"
        default:
            return nil
        }
    }

    private static func controlMessage(_ scalar: UInt32) -> String {
        let name = scalar == 0 ? "NUL" : "control character"
        return
            "\(name) U+\(hex(scalar, digits: 4)) is not allowed in YAML text; write it as an escape in a double-quoted string"
    }

    static func hex(_ value: UInt32, digits: Int) -> String {
        let text = String(value, radix: 16, uppercase: true)
        return String(repeating: "0", count: max(digits - text.count, 0)) + text
    }
}

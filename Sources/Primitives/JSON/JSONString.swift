/// The one JSON string escaping of the package (the wire's JSON, reports, expectation manifests), working on
/// UTF-8 bytes. Escaped: `"`, `\`, every C0 and C1 control character, and U+2028, U+2029, U+FEFF, U+FFFE and
/// U+FFFF; everything else, non-ASCII included, is copied as it is. The output is also safe inside JavaScript,
/// and is a YAML 1.2 double-quoted scalar any YAML loader reads back unchanged.
package enum JSONString {
    package static func quoted(_ text: String) -> String {
        var bytes: [UInt8] = []
        append(text, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    package static func append(_ text: String, to output: inout [UInt8]) {
        var text = text
        text.withUTF8 { append($0, to: &output) }
    }

    private static func append(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\""))
        var start = 0
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            let escaped: (length: Int, scalar: UInt32)?
            switch byte {
            case 0..<0x20, UInt8(ascii: "\""), UInt8(ascii: "\\"), 0x7F: escaped = (1, UInt32(byte))
            case 0xC2 where index + 1 < bytes.count && (0x80...0x9F).contains(bytes[index + 1]):
                escaped = (2, UInt32(bytes[index + 1]))
            case 0xE2 where index + 2 < bytes.count && bytes[index + 1] == 0x80 && (bytes[index + 2] | 1) == 0xA9:
                escaped = (3, 0x2000 | UInt32(bytes[index + 2] - 0x80))
            case 0xEF where index + 2 < bytes.count && Self.isBOMOrNonCharacter(bytes[index + 1], bytes[index + 2]):
                escaped = (3, 0xF000 | UInt32(bytes[index + 1] & 0x3F) << 6 | UInt32(bytes[index + 2] & 0x3F))
            default: escaped = nil
            }
            guard let escaped else {
                index += 1
                continue
            }
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start..<index]))
            appendEscape(escaped.scalar, to: &output)
            index += escaped.length
            start = index
        }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[start...]))
        output.append(UInt8(ascii: "\""))
    }

    /// EF BB BF is U+FEFF; EF BF BE and EF BF BF are U+FFFE and U+FFFF.
    private static func isBOMOrNonCharacter(_ second: UInt8, _ third: UInt8) -> Bool {
        (second == 0xBB && third == 0xBF) || (second == 0xBF && (third == 0xBE || third == 0xBF))
    }

    private static func appendEscape(_ scalar: UInt32, to output: inout [UInt8]) {
        output.append(UInt8(ascii: "\\"))
        switch scalar {
        case UInt32(UInt8(ascii: "\"")), UInt32(UInt8(ascii: "\\")): output.append(UInt8(scalar))
        case 0x0A: output.append(UInt8(ascii: "n"))
        case 0x0D: output.append(UInt8(ascii: "r"))
        case 0x09: output.append(UInt8(ascii: "t"))
        case 0x08: output.append(UInt8(ascii: "b"))
        case 0x0C: output.append(UInt8(ascii: "f"))
        default:
            output.append(UInt8(ascii: "u"))
            for shift in [12, 8, 4, 0] { output.append(hexDigit(UInt8((scalar >> UInt32(shift)) & 0xF))) }
        }
    }

    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "A") + value - 10
    }
}

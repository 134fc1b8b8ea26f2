import Primitives

/// The SDK's percent-encoding of bucket and object names in request paths (`GCSEscapedString`),
/// its counterpart for query values, and strict percent-decoding.
///
/// Encoding works on UTF-8 bytes and writes uppercase hex, so non-ASCII names are escaped byte by byte.
package enum GCSEscaping {
    /// Percent-encodes everything except `A–Z a–z 0–9 - . _ ~ ! $ ' ( ) * , = : @`; so `/`, `&`, `+`,
    /// `;`, space, `?`, `#`, `%` and every non-ASCII byte are escaped.
    package static func escape(_ text: String) -> String {
        encode(text, keeping: pathKept)
    }

    /// Percent-encodes a query value: unreserved characters and `! $ ' ( ) * , : @ /` stay, while `&`, `=`,
    /// `+` (as `%2B`, never a space), `;`, `?`, `#`, space, `%` and non-ASCII bytes are escaped.
    package static func queryEscape(_ text: String) -> String {
        encode(text, keeping: queryKept)
    }

    /// Decodes `%XX` escapes; `+` stays `+`. Nil when an escape is malformed (`%`, `%2`, `%G1`) or the
    /// decoded bytes are not valid UTF-8.
    package static func percentDecode(_ text: String) -> String? {
        guard text.utf8.contains(UInt8(ascii: "%")) else { return text }
        return percentDecode(bytes: Array(text.utf8)[...])
    }

    package static func percentDecode(bytes: ArraySlice<UInt8>) -> String? {
        guard bytes.contains(UInt8(ascii: "%")) else { return String(decoding: bytes, as: UTF8.self) }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count)
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "%") else {
                output.append(byte)
                index += 1
                continue
            }
            guard bytes.endIndex - index >= 3,
                let high = ASCII.hexValue(bytes[index + 1]), let low = ASCII.hexValue(bytes[index + 2])
            else { return nil }
            output.append(high << 4 | low)
            index += 3
        }
        return String(validating: output, as: UTF8.self)
    }

    private static let pathKept: [Bool] = keptTable(extra: "-._~!$'()*,=:@")
    private static let queryKept: [Bool] = keptTable(extra: "-._~!$'()*,:@/")

    private static func keptTable(extra: String) -> [Bool] {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in extra.utf8 { table[Int(byte)] = true }
        return table
    }

    private static let hexDigits = Array("0123456789ABCDEF".utf8)

    private static func encode(_ text: String, keeping kept: [Bool]) -> String {
        let bytes = text.utf8
        guard bytes.contains(where: { !kept[Int($0)] }) else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count * 3)
        for byte in bytes {
            if kept[Int(byte)] {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

}

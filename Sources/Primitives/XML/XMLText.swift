/// Makes any string safe to place in an XML 1.0 document: characters XML 1.0 forbids even as references (C0 controls
/// other than TAB, LF and CR; U+FFFE; U+FFFF) become visible escapes like `\u{1B}`, and markup characters entities.
/// A document written through it is well-formed whatever the strings (docs/xml-dialect.md on names that hold them).
package enum XMLText {
    /// Text for an element body: `&`, `<`, `>` escaped; CR kept as `&#13;` so parsers do not fold it.
    package static func content(_ text: String) -> String {
        escape(legal(text), inAttribute: false)
    }

    /// Text for a double- or single-quoted attribute value; line breaks and tabs become character
    /// references, since parsers would otherwise normalise them to spaces.
    package static func attribute(_ text: String) -> String {
        escape(legal(text), inAttribute: true)
    }

    /// `text` with every XML-illegal character made visible.
    package static func legal(_ text: String) -> String {
        VisibleEscapes.replacing(in: text, allowing: isLegal)
    }

    /// XML 1.0 `Char`: #x9 | #xA | #xD | [#x20-#xD7FF] | [#xE000-#xFFFD] | [#x10000-#x10FFFF].
    /// Swift strings never hold surrogates, so only the low controls and U+FFFE/U+FFFF remain.
    package static func isLegal(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x0A, 0x0D: true
        case 0x00...0x1F: false
        case 0xFFFE, 0xFFFF: false
        default: true
        }
    }

    private static func escape(_ text: String, inAttribute: Bool) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\r": result += "&#13;"
            case "\"" where inAttribute: result += "&quot;"
            case "'" where inAttribute: result += "&apos;"
            case "\n" where inAttribute: result += "&#10;"
            case "\t" where inAttribute: result += "&#9;"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

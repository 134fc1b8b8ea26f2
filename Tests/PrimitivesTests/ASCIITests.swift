import Primitives
import Testing

@Suite struct ASCIITests {
    /// Every byte value, against the Unicode properties of the same scalar.
    @Test func classesAgreeWithUnicodeForEveryByte() {
        for value in 0...255 {
            let byte = UInt8(value)
            let scalar = Unicode.Scalar(byte)
            let isASCII = byte < 0x80
            #expect(ASCII.isDigit(byte) == (isASCII && ("0"..."9").contains(scalar)), "byte \(byte)")
            #expect(ASCII.isLowercaseLetter(byte) == (isASCII && ("a"..."z").contains(scalar)), "byte \(byte)")
            let letterOrDigit = isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
            #expect(ASCII.isLetterOrDigit(byte) == letterOrDigit, "byte \(byte)")
            let lowered = isASCII ? UInt8(ascii: Unicode.Scalar(String(scalar).lowercased()) ?? scalar) : byte
            #expect(ASCII.lowercased(byte) == lowered, "byte \(byte)")
            #expect(ASCII.hexValue(byte) == (isASCII ? UInt8(String(scalar), radix: 16) : nil), "byte \(byte)")
        }
    }

    @Test(arguments: [
        ("  \tFirebase abc \t", "Firebase abc"), ("", ""), (" \t ", ""), ("x", "x"), (" é\u{301} ", "é\u{301}"),
        ("\u{A0}a\u{A0}", "\u{A0}a\u{A0}"), (" 🙂\t", "🙂"),
    ])
    func trimmingBlanksTakesOnlySpacesAndTabs(_ text: String, _ trimmed: String) {
        #expect(ASCII.trimmingBlanks(text[...]) == trimmed[...])
    }

    @Test func aCaseInsensitivePrefixComparesASCIILettersOnly() {
        #expect(ASCII.hasPrefix("FireBase tok"[...], caseInsensitive: "firebase "))
        #expect(ASCII.hasPrefix("bearer"[...], caseInsensitive: "bearer"))
        #expect(!ASCII.hasPrefix("bear"[...], caseInsensitive: "bearer"))
        #expect(!ASCII.hasPrefix("firebase\ttok"[...], caseInsensitive: "firebase "))
        #expect(!ASCII.hasPrefix("fİrebase "[...], caseInsensitive: "firebase "))
    }
}

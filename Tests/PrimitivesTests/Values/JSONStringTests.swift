import Foundation
import Primitives
import Testing

/// The package's one JSON string escaping: what it escapes, what it keeps, and that JSON reads it back.
@Suite struct JSONStringTests {
    @Test(arguments: [
        ("plain", #""plain""#),
        ("quote \" and \\ back", #""quote \" and \\ back""#),
        ("\n\r\t\u{08}\u{0C}", #""\n\r\t\b\f""#),
        ("\u{0}\u{1F}\u{7F}", #""\u0000\u001F\u007F""#),
        ("c1 \u{80}\u{9F}", #""c1 \u0080\u009F""#),
        ("separators \u{2028}\u{2029}", #""separators \u2028\u2029""#),
        ("bom \u{FEFF} non \u{FFFE}\u{FFFF}", #""bom \uFEFF non \uFFFE\uFFFF""#),
        ("kept é 🌊 \u{A0} \u{2027} \u{FFFD}", "\"kept é 🌊 \u{A0} \u{2027} \u{FFFD}\""),
    ])
    func escapes(_ text: String, _ expected: String) throws {
        let quoted = JSONString.quoted(text)
        #expect(quoted == expected)
        let decoded = try JSONSerialization.jsonObject(with: Data("[\(quoted)]".utf8)) as? [String]
        #expect(decoded == [text])
    }
}

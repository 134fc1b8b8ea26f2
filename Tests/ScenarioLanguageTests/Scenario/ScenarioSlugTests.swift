import ScenarioLanguage
import Testing

/// A scenario's id is made from its name: ASCII names take a byte path, other names the Unicode one; both give
/// the same ids.
@Suite struct ScenarioSlugTests {
    @Test(arguments: [
        ("Hello, World 2!", "hello-world-2"),
        ("  --Leading and trailing--  ", "leading-and-trailing"),
        ("a_b.c/d", "a-b-c-d"),
        ("UPPER lower 0123456789", "upper-lower-0123456789"),
        ("Café au lait", "café-au-lait"),
        ("ÀB, Ωmega ½", "àb-ωmega"),
        ("日本語のテスト 1", "日本語のテスト-1"),
        ("!!!", ""),
    ])
    func slugs(name: String, expected: String) {
        #expect(Scenario.slug(name) == expected)
    }

    /// Every ASCII character alone and between letters: the byte path agrees with the Unicode one, which treats
    /// the name as non-ASCII once a non-ASCII letter is added.
    @Test func theASCIIPathAgreesWithTheUnicodePath() {
        for byte in UInt8(0)...0x7F {
            let character = String(decoding: [byte], as: UTF8.self)
            let ascii = Scenario.slug("a\(character)b \(character)")
            let unicode = Scenario.slug("a\(character)b \(character) é")
            #expect(ascii + (ascii.isEmpty ? "é" : "-é") == unicode, "byte \(byte)")
        }
    }
}

import StorageAPI
import Testing

@Suite struct GCSEscapingTests {
    @Test(arguments: [
        ("ios/public/-._~!$'()*,=:@&+;", "ios%2Fpublic%2F-._~!$'()*,=:@%26%2B%3B"),
        ("hello&+@_ .txt", "hello%26%2B@_%20.txt"),
        ("path/to/object", "path%2Fto%2Fobject"),
        ("ABCxyz0189", "ABCxyz0189"),
        ("", ""),
        ("?#%[]", "%3F%23%25%5B%5D"),
        ("\"<>\\^`{|}", "%22%3C%3E%5C%5E%60%7B%7C%7D"),
        ("a\nb\r\t", "a%0Ab%0D%09"),
        ("é", "%C3%A9"),
        ("e\u{301}", "e%CC%81"),
        ("🚇", "%F0%9F%9A%87"),
        ("\u{0}\u{7F}", "%00%7F"),
    ])
    func escape(input: String, expected: String) {
        #expect(GCSEscaping.escape(input) == expected)
    }

    @Test(arguments: [
        ("ios/public/list/", "ios/public/list/"),
        ("+foo/", "%2Bfoo/"),
        ("a&b=c", "a%26b%3Dc"),
        ("x y;z?#%", "x%20y%3Bz%3F%23%25"),
        ("12345", "12345"),
        ("0f6b7f6e-1a2b-4c3d-9e8f-123456789abc", "0f6b7f6e-1a2b-4c3d-9e8f-123456789abc"),
        ("!$'()*,:@-._~", "!$'()*,:@-._~"),
        ("é", "%C3%A9"),
    ])
    func queryEscape(input: String, expected: String) {
        #expect(GCSEscaping.queryEscape(input) == expected)
    }

    @Test(arguments: [
        ("ios%2Fpublic%2F-._~!$'()*,=:@%26%2B%3B", "ios/public/-._~!$'()*,=:@&+;"),
        ("hello%26%2B@_%20.txt", "hello&+@_ .txt"),
        ("a+b", "a+b"),
        ("%c3%a9", "é"),
        ("%C3%A9", "é"),
        ("plain", "plain"),
        ("", ""),
        ("%25", "%"),
        ("%2525", "%25"),
    ])
    func percentDecode(input: String, expected: String) {
        #expect(GCSEscaping.percentDecode(input) == expected)
    }

    @Test(arguments: ["%", "%2", "a%", "%G1", "%1G", "%%", "%FF", "%C3", "%C3%28", "%ED%A0%80"])
    func percentDecodeRejectsMalformedInput(input: String) {
        #expect(GCSEscaping.percentDecode(input) == nil)
    }

    @Test(arguments: [
        "ios/public/-._~!$'()*,=:@&+;", "hello&+@_ .txt", "😀 é/100%/#?", "a\u{0}b",
        String(repeating: "ü/", count: 3_000),
    ])
    func escapeRoundTrips(text: String) {
        #expect(GCSEscaping.percentDecode(GCSEscaping.escape(text)) == text)
        #expect(GCSEscaping.percentDecode(GCSEscaping.queryEscape(text)) == text)
    }
}

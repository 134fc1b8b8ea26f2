import Testing
import YAMLReader

@Suite struct QuotedScalarTests {
    @Test func singleQuotedWithDoubledQuote() throws {
        #expect(try tree("a: 'it''s'") == #"{"a":"it's"}"#)
        #expect(try tree("a: ''") == #"{"a":""}"#)
        #expect(try tree("a: ''''") == #"{"a":"'"}"#)
    }

    @Test func singleQuotedKeepsBackslashes() throws {
        #expect(try tree(#"a: 'c:\dir\n'"#) == #"{"a":"c:\\dir\\n"}"#)
    }

    @Test func singleQuotedFolding() throws {
        #expect(try tree("a: 'one\n  two\n\n  three  \n  four'") == #"{"a":"one two\nthree four"}"#)
    }

    @Test func doubleQuotedEscapes() throws {
        let text = #"a: "\\ \" \/ \n \t \r \0 \a \b \e \f \v \x41 \u00e9 \U0001F600 \N \_ \L \P \  \"# + "\t\""
        #expect(
            try tree(text)
                == #"{"a":"\\ \" / \n \t \r \u0000 \u0007 \b \u001b \f \u000b A \u00e9 \ud83d\ude00 \u0085 \u00a0 \u2028 \u2029   \t"}"#
        )
    }

    @Test func doubleQuotedEscapedLineBreakJoinsLines() throws {
        #expect(try tree("a: \"x\\\n   y\"") == #"{"a":"xy"}"#)
        #expect(try tree("a: \"x \\\n   y\"") == #"{"a":"x y"}"#)
        #expect(try tree("a: \"\\\n\n  x\"") == #"{"a":"\nx"}"#)
    }

    @Test func doubleQuotedFolding() throws {
        #expect(try tree("a: \"first\n  second\n\n  third\"") == #"{"a":"first second\nthird"}"#)
        #expect(try tree("a: \"x  \n  y\"") == #"{"a":"x y"}"#)
    }

    @Test func escapedWhitespaceBeforeALineBreakIsKept() throws {
        #expect(try tree("a: \"x\\t\n  y\"") == #"{"a":"x\t y"}"#)
    }

    @Test func quotedScalarsAreAlwaysStrings() throws {
        #expect(try tree("a: '1'\nb: \"true\"\nc: 'null'\nd: \"\"\n") == #"{"a":"1","b":"true","c":"null","d":""}"#)
    }

    @Test func invalidEscapesAreErrors() throws {
        let unknown = try #require(parseError(#"a: "x\qy""#))
        #expect(unknown.location.line == 1 && unknown.location.column == 6)
        #expect(unknown.message.contains(#"\q"#))
        #expect(parseError(#"a: "\x4""#)?.message.contains("2 hexadecimal digits") == true)
        #expect(parseError(#"a: "\u12G4""#)?.message.contains("4 hexadecimal digits") == true)
        #expect(parseError(#"a: "\U0011FFFF""#)?.message.contains("not a Unicode scalar") == true)
        #expect(parseError(#"a: "\ud800""#)?.message.contains("not a Unicode scalar") == true)
    }

    @Test func unterminatedQuotesPointAtTheOpeningQuote() throws {
        let single = try #require(parseError("a: 1\nb: 'open\n  more\n"))
        #expect(single.location.line == 2 && single.location.column == 4)
        #expect(single.message.contains("never closed"))
        let double = try #require(parseError("b: \"open"))
        #expect(double.location.column == 4)
        #expect(parseError("a: \"x\\") != nil)
    }

    @Test func continuationLinesMustBeIndented() throws {
        let error = try #require(parseError("key: \"abc\ndef\"\n"))
        #expect(error.location.line == 2)
        #expect(error.message.contains("indented"))
    }

    @Test func textAfterTheClosingQuoteIsAnError() throws {
        #expect(parseError("a: \"x\"y") != nil)
        #expect(parseError("a: 'x'#c") != nil)
        #expect(parseError("\"a\":b") != nil)
    }

    @Test func quotedKeys() throws {
        #expect(try tree("\"a b\": 1\n'c: d': 2\n") == #"{"a b":1,"c: d":2}"#)
    }
}

import Testing
import YAMLReader

@Suite struct PlainScalarTests {
    @Test func wordsWithSpacesAndPunctuation() throws {
        #expect(try tree("a: hello world, again!\n") == #"{"a":"hello world, again!"}"#)
    }

    @Test func multiLinePlainScalarsFoldWithSpaces() throws {
        let text = """
            a: this is
              a multi line

              plain scalar
            b: end
            """
        #expect(try tree(text) == #"{"a":"this is a multi line\nplain scalar","b":"end"}"#)
    }

    @Test func trailingSpacesOfFoldedLinesAreDropped() throws {
        #expect(try tree("a:   x  \n   y  \n\n   z") == #"{"a":"x y\nz"}"#)
    }

    @Test func topLevelPlainScalarContinuesAtColumnOne() throws {
        #expect(try tree("first\nsecond\n") == #""first second""#)
    }

    @Test func colonWithoutSpaceAndHashWithoutSpaceAreText() throws {
        #expect(
            try tree("url: http://example.com:8080/a?b=1#frag\nk: a:b\n")
                == #"{"url":"http://example.com:8080/a?b=1#frag","k":"a:b"}"#)
    }

    @Test func hashAfterSpaceStartsAComment() throws {
        #expect(try tree("a: b # comment\n") == #"{"a":"b"}"#)
    }

    @Test func aCommentLineEndsAMultiLineScalar() throws {
        #expect(parseError("a: b\n  # c\n  d\n") != nil)
    }

    @Test func indicatorsFollowedByTextStartPlainScalars() throws {
        #expect(try tree("- -a\n- ?b\n- :c\n- ---d\n- <e\n") == #"["-a","?b",":c","---d","<e"]"#)
    }

    @Test func nonASCIIText() throws {
        #expect(
            try tree("name: Ünïcødé 😀 テスト\n")
                == #"{"name":"\u00dcn\u00efc\u00f8d\u00e9 \ud83d\ude00 \u30c6\u30b9\u30c8"}"#)
    }

    @Test func lineContinuesInsideASequenceItem() throws {
        #expect(try tree("- a\n  b\n- c\n") == #"["a b","c"]"#)
    }

    @Test func tabsInsideQuotedScalarsAreFineButNotInPlainOnes() throws {
        #expect(try tree("a: 'x\ty'") == #"{"a":"x\ty"}"#)
        #expect(parseError("a: x\ty") != nil)
    }
}

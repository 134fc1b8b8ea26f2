import Testing
import YAMLReader

@Suite struct BlockScalarTests {
    @Test func literalKeepsLineBreaks() throws {
        #expect(
            try tree("a: |\n  line one\n  line two\n\n  line four\nb: 1\n")
                == #"{"a":"line one\nline two\n\nline four\n","b":1}"#)
    }

    @Test func foldedJoinsLinesAndKeepsMoreIndentedOnes() throws {
        let text = """
            a: >
              some folded
              text here

              new para
               indented
              back
            """
        #expect(try tree(text) == #"{"a":"some folded text here\nnew para\n indented\nback"}"#)
    }

    @Test func chomping() throws {
        #expect(try tree("a: |\n  x\n\n\nb: 1") == #"{"a":"x\n","b":1}"#)
        #expect(try tree("a: |-\n  x\n\n\nb: 1") == #"{"a":"x","b":1}"#)
        #expect(try tree("a: |+\n  x\n\n\nb: 1") == #"{"a":"x\n\n\n","b":1}"#)
        #expect(try tree("a: >+\n  x\n  y\n\n") == #"{"a":"x y\n\n"}"#)
        #expect(try tree("a: |\n  x") == #"{"a":"x"}"#)
    }

    @Test func explicitIndentationIndicator() throws {
        #expect(try tree("a: |2\n   x\n  y\n") == #"{"a":" x\ny\n"}"#)
        #expect(try tree("a: |-2\n   x\n") == #"{"a":" x"}"#)
        #expect(try tree("a: >1-\n  x\n") == #"{"a":" x"}"#)
    }

    @Test func leadingEmptyLinesAndCommentHeader() throws {
        #expect(try tree("a: | # comment\n\n  x\n") == #"{"a":"\nx\n"}"#)
    }

    @Test func emptyBlockScalars() throws {
        #expect(try tree("a: |\nb: 1\n") == #"{"a":"","b":1}"#)
        #expect(try tree("a: |+\n\nb: 1\n") == #"{"a":"\n","b":1}"#)
    }

    @Test func lessIndentedCommentEndsTheScalar() throws {
        #expect(try tree("a: |\n  x\n # c\nb: 1\n") == #"{"a":"x\n","b":1}"#)
        #expect(try tree("a: |\n  x\n  # c\n") == #"{"a":"x\n# c\n"}"#)
    }

    @Test func blockScalarsInSequencesAndAtTheTop() throws {
        #expect(try tree("- |\n  lit\n- >-\n  fold\n  ed\n") == #"["lit\n","fold ed"]"#)
        #expect(try tree("--- |\n  top\n") == #""top\n""#)
    }

    @Test func tabsAndTrailingSpacesInsideContentAreKept() throws {
        #expect(try tree("a: |\n  x\ty  \n") == #"{"a":"x\ty  \n"}"#)
    }

    @Test func headerErrors() throws {
        #expect(parseError("a: |0\n x")?.message.contains("1 to 9") == true)
        #expect(parseError("a: |#x\n  b") != nil)
        #expect(parseError("a: | x\n  b") != nil)
        #expect(parseError("[|\n x]") != nil)
    }

    @Test func ambiguousIndentationIsAnError() throws {
        #expect(parseError("a: |\n    \n  x\n")?.message.contains("leading empty line") == true)
        #expect(parseError("--- |\nabc\n")?.message.contains("must be indented") == true)
        #expect(parseError("|1\n  abc\n")?.message.contains("top-level") == true)
        #expect(parseError("a: >\n   x\n  y\n") != nil)
    }
}

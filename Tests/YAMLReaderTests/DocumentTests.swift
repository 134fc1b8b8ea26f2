import Primitives
import Testing
import YAMLReader

@Suite struct DocumentTests {
    @Test func emptyStreamHasNoDocuments() throws {
        #expect(try YAMLParser.parse("").isEmpty)
        #expect(try YAMLParser.parse("\n\n   \n").isEmpty)
    }

    @Test func onlyCommentsHasNoDocuments() throws {
        #expect(try YAMLParser.parse("# one\n  # two\n#three").isEmpty)
    }

    @Test func severalDocuments() throws {
        let text = """
            # comment
            ---
            a: 1 # trailing
            ...
            ---
            - b
            --- c
            ---
            """
        #expect(try trees(text) == [#"{"a":1}"#, #"["b"]"#, #""c""#, "null"])
    }

    @Test func implicitFirstDocumentThenExplicitOnes() throws {
        #expect(try trees("a: 1\n---\nb: 2\n") == [#"{"a":1}"#, #"{"b":2}"#])
    }

    @Test func documentEndMarkerAlone() throws {
        #expect(try trees("a: 1\n...\n") == [#"{"a":1}"#])
        #expect(try trees("---\n...\n---\n") == ["null", "null"])
    }

    @Test func contentAfterDocumentEndNeedsAStartMarker() throws {
        let error = try #require(parseError("a\n...\nb\n"))
        #expect(error.location.line == 3)
        #expect(error.message.contains("'---'"))
    }

    @Test func aDocumentHasOneTopLevelNode() throws {
        #expect(parseError("[a]\n[b]\n")?.message.contains("end of the document") == true)
        #expect(parseError("'a'\nb\n") != nil)
        // A top-level plain scalar simply continues on the next line.
        #expect(try tree("a\n[b]\n") == #""a [b]""#)
    }

    @Test func leadingByteOrderMarkIsSkipped() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array("a: 1\n".utf8)
        let documents = try YAMLParser.parse(SourceFile(path: "bom.yaml", bytes: bytes))
        #expect(documents.count == 1)
        #expect(documents[0].root["a"]?.intValue == 1)
        #expect(documents[0].root.location == Primitives.SourceLocation(line: 1, column: 1, offset: 3))
    }

    @Test func documentLocations() throws {
        let documents = try YAMLParser.parse("# c\n  a: 1\n---\nb\n--- \n")
        #expect(documents.map(\.location.line) == [2, 3, 5])
        #expect(documents[0].location.column == 3)
        #expect(documents[2].root.value == .null)
    }

    @Test func blockCollectionsCannotStartOnTheMarkerLine() throws {
        #expect(parseError("--- a: b") != nil)
        #expect(parseError("--- - a") != nil)
        #expect(try tree("--- [a]") == #"["a"]"#)
    }

    @Test func markerLookalikesAreText() throws {
        #expect(try tree("a: ---x\nb: ... y\n") == #"{"a":"---x","b":"... y"}"#)
    }
}

import Primitives
import Testing
import YAMLReader

/// Everything outside the subset is an error at the offending position, with a message saying what is wrong.
@Suite struct UnsupportedSyntaxTests {
    struct Case: CustomTestStringConvertible, Sendable {
        var text: String
        var line: Int
        var column: Int
        var message: String
        var testDescription: String { text.debugDescription }
    }

    static let cases: [Case] = [
        Case(text: "a: &x 1", line: 1, column: 4, message: "anchors"),
        Case(text: "a: *x", line: 1, column: 4, message: "aliases"),
        Case(text: "a: !tag 1", line: 1, column: 4, message: "tags"),
        Case(text: "a: !!str 1", line: 1, column: 4, message: "tags"),
        Case(text: "? a\n: b", line: 1, column: 1, message: "complex keys"),
        Case(text: "{? a: b}", line: 1, column: 2, message: "complex keys"),
        Case(text: "[a?b]", line: 1, column: 3, message: "complex keys"),
        Case(text: "%YAML 1.2\n---\na", line: 1, column: 1, message: "directives"),
        Case(text: "a: @x", line: 1, column: 4, message: "cannot start with '@'"),
        Case(text: "a: `x", line: 1, column: 4, message: "cannot start with '`'"),
        Case(text: "a: %x", line: 1, column: 4, message: "cannot start with '%'"),
        Case(text: "a:\n\tb: 1\n", line: 2, column: 1, message: "tab cannot be used for indentation"),
        Case(text: "a:\tb\n", line: 1, column: 3, message: "tab cannot separate"),
        Case(text: "a: b\t# c\n", line: 1, column: 5, message: "tab cannot separate"),
        Case(text: "-\t- a", line: 1, column: 2, message: "tab cannot separate"),
        Case(text: "a: b\u{0}c", line: 1, column: 5, message: "NUL"),
        Case(text: "a: b\u{7}c", line: 1, column: 5, message: "control character U+0007"),
        Case(text: "a: \"b\u{1B}c\"", line: 1, column: 6, message: "control character U+001B"),
        Case(text: "a: \u{7F}", line: 1, column: 4, message: "U+007F"),
        Case(text: "a: x\u{85}y", line: 1, column: 5, message: "NEXT LINE"),
        Case(text: "a: x\u{2028}y", line: 1, column: 5, message: "LINE SEPARATOR"),
        Case(text: "a: x\u{2029}y", line: 1, column: 5, message: "PARAGRAPH SEPARATOR"),
        Case(text: "a: 1\n\u{FEFF}b: 2", line: 2, column: 1, message: "byte order mark"),
        Case(text: "a: x\u{FFFE}", line: 1, column: 5, message: "U+FFFE"),
        Case(text: "a: 'abc", line: 1, column: 4, message: "never closed"),
        Case(text: "a: \"abc\n  def", line: 1, column: 4, message: "never closed"),
        Case(text: "a: \"x\n---\ny\"", line: 2, column: 1, message: "document marker inside a quoted scalar"),
        Case(text: "a: [1, 2", line: 1, column: 4, message: "never closed"),
        Case(text: "a: {x: 1", line: 1, column: 4, message: "never closed"),
        Case(text: "[[a]", line: 1, column: 1, message: "never closed"),
        Case(text: "[a,\n---\n]", line: 2, column: 1, message: "document marker inside a flow"),
        Case(text: "a: [1}", line: 1, column: 6, message: "expected ']'"),
        Case(text: "]", line: 1, column: 1, message: "no flow collection is open"),
        Case(text: "a: b, c\n, d", line: 2, column: 1, message: "only a separator inside a flow"),
        Case(
            text: "a:\n  b: 1\n c: 2\n", line: 3, column: 2,
            message: "bad indentation: this line is indented by 1 space,"),
        Case(text: "---\n  - a\nb: 1", line: 3, column: 1, message: "only one top-level node"),
        Case(text: "a: 1\nb\n", line: 2, column: 1, message: "expected ': ' after this key"),
        Case(text: "a: 1\nb:c\n", line: 2, column: 1, message: "expected ': ' after this key"),
        Case(text: "a: 1\n[b]: 2\n", line: 2, column: 1, message: "flow collection cannot start a line"),
        Case(text: "a: b: c", line: 1, column: 5, message: "':' is not allowed here"),
        Case(text: "{a: b: c}", line: 1, column: 6, message: "':' is not allowed here"),
        Case(text: ": a", line: 1, column: 1, message: "needs a key"),
        Case(text: "{: a}", line: 1, column: 2, message: "needs a key"),
        Case(text: "a: b\n  c: d\n", line: 2, column: 4, message: "key must be on a single line"),
        Case(text: "{a\n b: 1}", line: 2, column: 3, message: "key must be on a single line"),
        Case(text: "[a]: b", line: 1, column: 4, message: "key must be a scalar"),
        Case(text: "{[a]: b}", line: 1, column: 2, message: "key must be a scalar, not a sequence"),
        Case(text: "a: - b", line: 1, column: 4, message: "block sequence cannot start here"),
        Case(text: "--- - a", line: 1, column: 5, message: "block sequence cannot start here"),
        Case(text: "[a, - b]", line: 1, column: 5, message: "not allowed inside a flow collection"),
        Case(text: "[-, a]", line: 1, column: 2, message: "lone '-'"),
        Case(text: "[a,,b]", line: 1, column: 4, message: "expected a value, found ','"),
        Case(text: "[a [b]]", line: 1, column: 4, message: "expected ',' or ']'"),
        Case(text: "[a: |\n x]", line: 1, column: 5, message: "block scalars"),
        Case(text: "a: [b,\nc]", line: 2, column: 1, message: "continues a flow collection"),
        Case(text: "- [a, b\n]\n", line: 2, column: 1, message: "must be indented by more than 0 spaces"),
        Case(text: "key: \"abc\ndef\"\n", line: 2, column: 1, message: "continues the quoted scalar"),
        Case(text: "a: |\n  x\n y\n", line: 3, column: 2, message: "indented less than the block scalar"),
        Case(
            text: "- a\nb: 1\n", line: 2, column: 1,
            message: "expected another '- ' entry of the sequence (started at line 1)"),
        Case(
            text: "a: 1\n- b\n", line: 2, column: 1,
            message: "expected a 'key: value' entry of the mapping (started at line 1)"),
        Case(text: "a:\n  - b\n  c: 1", line: 3, column: 3, message: "found a 'key: value' entry"),
        Case(text: "\"a\"#c", line: 1, column: 4, message: "space before '#'"),
        Case(text: "a: [b]#c", line: 1, column: 7, message: "space before '#'"),
        Case(text: "a: \"x\"y", line: 1, column: 7, message: "after the closing quote"),
        Case(text: "a\n...\nb\n", line: 3, column: 1, message: "expected '---'"),
        Case(text: "...", line: 1, column: 1, message: "expected a value"),
        Case(
            text: "a: 1\n\(String(repeating: "k", count: 1100)): 2\n", line: 2, column: 1,
            message: "shorter than 1024 bytes"),
    ]

    @Test(arguments: cases)
    func isRejectedAtTheOffendingPosition(_ example: Case) throws {
        let error = try #require(parseError(example.text), "expected an error")
        #expect(error.severity == .error)
        #expect(error.location.line == example.line && error.location.column == example.column, "\(error)")
        #expect(error.message.contains(example.message), "\(error)")
        #expect(error.file == "test.yaml")
    }

    @Test func invalidUTF8IsReportedAtTheBadByte() throws {
        let bytes = Array("a: 1\nb: é".utf8) + [0xC3, 0x28] + Array("\n".utf8)
        let error = try #require(parseError(bytes: bytes))
        #expect(error.location == Primitives.SourceLocation(line: 2, column: 5, offset: 10))
        #expect(error.message.contains("invalid UTF-8"))
        #expect(error.sourceLine == "b: é\u{FFFD}(")
    }

    @Test(arguments: [
        [UInt8]([0xFF]), [0xC0, 0x80], [0xED, 0xA0, 0x80], [0xF4, 0x90, 0x80, 0x80], [0xE2, 0x82], [0x80],
        [0xF8, 0x88, 0x80, 0x80, 0x80],
    ])
    func invalidUTF8Sequences(_ bad: [UInt8]) throws {
        let error = try #require(parseError(bytes: Array("k: ".utf8) + bad))
        #expect(error.location.offset == 3)
        #expect(error.location.column == 4)
    }

    @Test func diagnosticDescriptionQuotesTheLine() throws {
        let error = try #require(parseError("a: 1\nb: [x\n"))
        #expect(
            error.description
                == "test.yaml:2:4: this flow sequence is never closed: expected ']' before the end of the file\nb: [x\n   ^"
        )
    }
}

@Suite struct DuplicateKeyTests {
    @Test func duplicateIsReportedAtTheSecondOccurrenceMentioningTheFirstLine() throws {
        let error = try #require(parseError("a: 1\nb: 2\na: 3\n"))
        #expect(error.location.line == 3 && error.location.column == 1)
        #expect(error.message == "duplicate key 'a': first defined on line 1")
    }

    @Test func keysAreComparedByResolvedValue() throws {
        #expect(parseError("1: x\n0x1: y\n")?.message == "duplicate key 1: first defined on line 1")
        #expect(parseError("1: x\ntrue: y\n")?.message.contains("duplicate key true (equal to 1)") == true)
        #expect(parseError("1: x\n1.0: y\n")?.message.contains("duplicate key 1.0") == true)
        #expect(parseError("null: x\n~: y\n")?.message.contains("duplicate key null") == true)
        #expect(parseError("a: x\n'a': y\n") != nil)
        #expect(parseError("{a: 1, \"a\": 2}")?.location.column == 8)
    }

    @Test func differentValuesAreDifferentKeys() throws {
        #expect(try tree("1: a\n'1': b\n1.5: c\n2: d\n") == #"{1:"a","1":"b",1.5:"c",2:"d"}"#)
        #expect(try tree(".nan: a\n.NaN: b\n") == #"{.nan:"a",.nan:"b"}"#)
        // Canonically equivalent but different scalars are different keys (as in Python).
        #expect(try root("\"\\u00e9\": 1\n\"e\\u0301\": 2\n").mappingPairs?.count == 2)
    }

    @Test func duplicatesAreFoundInLargeMappings() throws {
        let keys = (0..<50).map { "key\($0): \($0)" }.joined(separator: "\n")
        #expect(try root(keys).mappingPairs?.count == 50)
        let error = try #require(parseError(keys + "\nkey17: again\n"))
        #expect(error.location.line == 51)
        #expect(error.message == "duplicate key 'key17': first defined on line 18")
    }

    @Test func sameKeyInDifferentMappingsIsFine() throws {
        #expect(try tree("a: {x: 1}\nb: {x: 2}\nc:\n  x: 3\n") == #"{"a":{"x":1},"b":{"x":2},"c":{"x":3}}"#)
    }
}

import Testing
import YAMLReader

/// Whatever the bytes, the parser returns or throws a diagnostic: no crash, no hang, no deep recursion.
@Suite struct RobustnessTests {
    @Test func emptyFileHasZeroDocuments() throws {
        #expect(try YAMLParser.parse(SourceFile(path: "e.yaml", bytes: [])).isEmpty)
    }

    @Test func commentsOnlyFileHasZeroDocuments() throws {
        #expect(try YAMLParser.parse("# a\n\n   # b\n").isEmpty)
    }

    @Test func invalidUTF8IsADiagnostic() throws {
        let error = try #require(parseError(bytes: [0x61, 0x3A, 0x20, 0xFE, 0xFF, 0x0A]))
        #expect(error.location.offset == 3)
        #expect(error.message.contains("invalid UTF-8"))
    }

    @Test func byteOrderMarkAloneIsEmpty() throws {
        #expect(try YAMLParser.parse(SourceFile(path: "b.yaml", bytes: [0xEF, 0xBB, 0xBF])).isEmpty)
    }

    @Test func flowSequenceNested100000DeepIsRejectedAtTheLimit() throws {
        let text = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
        let error = try #require(parseError(text))
        #expect(error.message.contains("deeper than \(YAMLParser.maximumNestingDepth) levels"))
        #expect(error.location.column == YAMLParser.maximumNestingDepth + 1)
    }

    @Test func flowMappingNested100000DeepIsRejectedAtTheLimit() throws {
        let text = String(repeating: "{a: ", count: 100_000) + "1" + String(repeating: "}", count: 100_000)
        let error = try #require(parseError(text))
        #expect(error.message.contains("deeper than"))
        #expect(error.location.column == 4 * YAMLParser.maximumNestingDepth + 1)
    }

    @Test func unclosedFlowNested100000DeepIsRejected() throws {
        #expect(parseError(String(repeating: "[", count: 100_000)) != nil)
        #expect(parseError(String(repeating: "{", count: 100_000)) != nil)
    }

    @Test func blockSequenceNested100000DeepIsRejectedAtTheLimit() throws {
        let text = String(repeating: "- ", count: 100_000) + "x\n"
        let error = try #require(parseError(text))
        #expect(error.message.contains("deeper than"))
        #expect(error.location.column == 2 * YAMLParser.maximumNestingDepth + 1)
    }

    @Test func blockMappingsNestedByIndentationAreRejectedAtTheLimit() throws {
        let text = (0..<1_000).map { String(repeating: " ", count: $0) + "a:" }.joined(separator: "\n")
        let error = try #require(parseError(text))
        #expect(error.message.contains("deeper than"))
        #expect(error.location.line == YAMLParser.maximumNestingDepth + 1)
    }

    @Test func alternatingSequencesAndMappingsAreCountedToo() throws {
        // Sequences at their key's indentation add nesting without adding indentation.
        let text = (0..<300).map { String(repeating: " ", count: 2 * $0) + "- a:" }.joined(separator: "\n")
        let error = try #require(parseError(text))
        #expect(error.message.contains("deeper than"))
    }

    @Test func nestingUpToTheLimitIsAccepted() throws {
        let depth = YAMLParser.maximumNestingDepth
        var node = try root(String(repeating: "[", count: depth) + String(repeating: "]", count: depth))
        var levels = 1
        while let items = node.sequenceItems, let first = items.first {
            node = first
            levels += 1
        }
        #expect(levels == depth)
        let block = String(repeating: "- ", count: depth) + "x"
        #expect(try tree(block).hasPrefix(String(repeating: "[", count: depth) + "\"x\""))
    }

    @Test func longLinesAndWideCollections() throws {
        let wide = "[" + (0..<100_000).map(String.init).joined(separator: ", ") + "]"
        #expect(try root(wide).sequenceItems?.count == 100_000)
        let long = "a: " + String(repeating: "x", count: 1_000_000)
        #expect(try root(long)["a"]?.stringValue?.count == 1_000_000)
        let manyKeys = "{" + (0..<20_000).map { "k\($0): \($0)" }.joined(separator: ", ") + "}"
        #expect(try root(manyKeys).mappingPairs?.count == 20_000)
        #expect(parseError(String(repeating: "k", count: 200_000) + ": v") != nil)
    }

    @Test func tenMegabyteFileParses() throws {
        // Scenario documents up to 10 MB. Large scenario files are large because of inline fixture data, so
        // each document also carries a 2 KiB base64 fixture (the parser's speed on token-dense input is
        // measured separately, in release builds).
        let fixture = String(repeating: "QUJDREVGR0hJSktMTU5PUFFSU1RVVldYWVo0MjQy", count: 52)
        var text = ""
        text.reserveCapacity(10_100_000)
        var count = 0
        while text.utf8.count < 10_000_000 {
            text += "---\n"
            text += Samples.scenario.replacingOccurrences(of: "every byte", with: "every byte \(count)")
            text += "fixtures:\n  blob: { base64: \"\(fixture)\" }\n"
            count += 1
        }
        let documents = try YAMLParser.parse(SourceFile(path: "big.yaml", text: text))
        #expect(documents.count == count)
        #expect(documents.last?.root["steps"]?.sequenceItems?.count == 4)
        #expect(documents.last?.root["fixtures"]?["blob"]?["base64"]?.stringValue == fixture)
    }

    @Test func manyEmptyDocuments() throws {
        #expect(try YAMLParser.parse(String(repeating: "---\n", count: 50_000)).count == 50_000)
    }
}

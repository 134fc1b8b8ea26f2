import SecurityRules
import Testing

/// An error quotes at most a short excerpt of its line (issue 36 item 13), with the caret still under the column.
@Suite struct ExcerptTests {
    @Test func aHugeOneLineSourceIsQuotedShort() {
        let huge = String(repeating: "x", count: 32 << 20)
        let error = Rules.syntaxError(huge)
        #expect(error?.message.contains("the limit is") == true)
        #expect((error?.sourceLine.count ?? .max) <= 81)
        #expect((error?.description.utf8.count ?? .max) < 400)
    }

    @Test func theCaretStaysUnderTheColumn() throws {
        let padding = String(repeating: " ", count: 500)
        let error = try #require(Rules.syntaxError("rules_version = '2';\n\(padding)@"))
        #expect(error.location.line == 2 && error.location.column == 501)
        #expect(error.sourceLine.hasPrefix("…") && error.sourceLine.hasSuffix("@"))
        let lines = error.description.split(separator: "\n", omittingEmptySubsequences: false)
        let caret = try #require(lines.last)
        #expect(caret.count == error.sourceLine.count)
        #expect(error.sourceLine.count <= 81)
    }
}

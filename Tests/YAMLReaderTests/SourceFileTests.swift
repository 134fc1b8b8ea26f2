import Primitives
import Testing
import YAMLReader

@Suite struct SourceFileTests {
    @Test func lineTextSplitsOnEveryKindOfLineBreak() {
        let file = SourceFile(path: "f.yaml", text: "one\ntwo\r\nthree\rfour")
        #expect(file.lineCount == 4)
        #expect(file.lineText(1) == "one")
        #expect(file.lineText(2) == "two")
        #expect(file.lineText(3) == "three")
        #expect(file.lineText(4) == "four")
    }

    @Test func lineTextOutsideTheFileIsEmpty() {
        let file = SourceFile(path: "f.yaml", text: "a\n")
        #expect(file.lineCount == 2)
        #expect(file.lineText(2) == "")
        #expect(file.lineText(0) == "")
        #expect(file.lineText(99) == "")
    }

    @Test func lineTextShowsInvalidUTF8AsReplacementCharacters() {
        let file = SourceFile(path: "f.yaml", bytes: [0x61, 0xFF, 0x62, 0x0A])
        #expect(file.lineText(1) == "a\u{FFFD}b")
    }

    @Test func byteOrderMarkIsNotPartOfLineOne() {
        let file = SourceFile(path: "f.yaml", bytes: [0xEF, 0xBB, 0xBF] + Array("a: 1".utf8))
        #expect(file.hasByteOrderMark)
        #expect(file.lineText(1) == "a: 1")
        #expect(file.location(ofOffset: 3) == Primitives.SourceLocation(line: 1, column: 1, offset: 3))
    }

    @Test func locationCountsColumnsInUnicodeScalars() {
        let file = SourceFile(path: "f.yaml", text: "x\né€😀z")
        let offsetOfZ = Array("x\né€😀".utf8).count
        #expect(
            file.location(ofOffset: offsetOfZ) == Primitives.SourceLocation(line: 2, column: 4, offset: offsetOfZ)
        )
        #expect(file.location(ofOffset: 0) == Primitives.SourceLocation(line: 1, column: 1, offset: 0))
    }

    @Test func diagnosticRendersFileLineColumnMessageLineAndCaret() {
        let file = SourceFile(path: "dir/f.yaml", text: "a: 1\nbad: [x\n")
        let diagnostic = file.diagnostic(at: Primitives.SourceLocation(line: 2, column: 6, offset: 10), "oops")
        #expect(diagnostic.severity == .error)
        #expect(diagnostic.sourceLine == "bad: [x")
        #expect(diagnostic.description == "dir/f.yaml:2:6: oops\nbad: [x\n     ^")
    }

    @Test func caretKeepsTabsOfTheLineSoItLinesUp() {
        let file = SourceFile(path: "f.yaml", text: "\tx:\t'y'")
        let diagnostic = file.diagnostic(at: Primitives.SourceLocation(line: 1, column: 5, offset: 4), "here")
        #expect(diagnostic.description == "f.yaml:1:5: here\n\tx:\t'y'\n\t  \t^")
    }

    @Test func caretPastTheEndOfTheLineIsPaddedWithSpaces() {
        let file = SourceFile(path: "f.yaml", text: "ab")
        let diagnostic = file.diagnostic(at: Primitives.SourceLocation(line: 1, column: 4, offset: 2), "end")
        #expect(diagnostic.description == "f.yaml:1:4: end\nab\n   ^")
    }

    @Test func warningsRenderTheSameWayAndCompareBySeverity() {
        let file = SourceFile(path: "f.yaml", text: "a")
        let location = Primitives.SourceLocation(line: 1, column: 1, offset: 0)
        let warning = file.diagnostic(at: location, "note", severity: .warning)
        let error = file.diagnostic(at: location, "note")
        #expect(warning.severity == .warning)
        #expect(warning.description == error.description)
        #expect(warning != error)
    }
}

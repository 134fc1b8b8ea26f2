import Foundation
import Harness
import Reports
import Testing

@Suite("JUnit report text safety")
struct JUnitReportTextSafetyTests {
    /// Rendered and parsed once: the hostile report carries a megabyte of detail.
    static let rendered = JUnitReport.render(ReportFixtures.hostile)
    static let parsed = Result { try MiniXML.parse(rendered) }

    let rendered = Self.rendered
    let document: ParsedElement

    init() throws {
        document = try Self.parsed.get()
    }

    var cases: [ParsedElement] { document.children.first?.children(named: "testcase") ?? [] }

    @Test func noForbiddenCharacterReachesTheDocument() {
        let forbidden = rendered.unicodeScalars.filter {
            ($0.value < 0x20 && $0 != "\n" && $0 != "\t") || $0.value == 0xFFFE || $0.value == 0xFFFF
        }
        #expect(forbidden.isEmpty)
        #expect(!rendered.contains("&#27;") && !rendered.contains("&#0;") && !rendered.contains("&#x1B;"))
    }

    @Test func ansiSequencesAreRemovedAndOtherControlsMadeVisible() throws {
        let detail = try #require(cases.first?.children.first?.text)
        let expectedStart =
            "red ALERT  cleared  nul \\u{0} esc \\u{1B} bell \\u{7} vt \\u{B} nonchar \\u{FFFF} \\u{FFFE}"
            + " cdata ]]> markup <&>\"' emoji 🧪🇦🇺 é\n"
        #expect(detail.hasPrefix(expectedStart))
        #expect(!detail.contains("[31m") && !detail.contains("0;title"))
    }

    @Test func markupRoundTripsThroughTheParser() throws {
        let skipped = try #require(cases[2].children.first)
        #expect(skipped[attribute: "message"]?.hasSuffix("cdata ]]> markup <&>\"' emoji 🧪🇦🇺 é") == true)
        #expect(rendered.contains("]]&gt;"))
        #expect(!rendered.contains("]]>"))
    }

    @Test func messagesAreOneTrimmedLine() throws {
        let failure = try #require(cases.first?.children.first)
        let message = try #require(failure[attribute: "message"])
        #expect(message.hasPrefix("red ALERT"))
        #expect(!message.contains("second line"))
        #expect(!rendered.contains("message=\"\n"))
        let error = try #require(cases[1].children.first)
        let long = try #require(error[attribute: "message"])
        #expect(long.count == OneLineLimit.characters + 1)
        #expect(long.hasSuffix("…"))
        #expect(cases[2].children.first?[attribute: "message"]?.contains("more") == false)
    }

    @Test func attributesNeverHoldRawLineBreaks() throws {
        let tags = rendered.split(separator: "\n")
            .map { $0.drop { $0 == " " } }
            .filter { $0.hasPrefix("<") && $0.contains("=\"") }
            .map { $0.prefix { $0 != ">" } }
        #expect(tags.count > 10)
        for tag in tags {
            #expect(tag.filter { $0 == "\"" }.count % 2 == 0, "unbalanced quotes: \(tag.prefix(120))")
        }
        #expect(cases[2][attribute: "name"] == "multi line name")
    }

    @Test func emptyNamesGetAPlaceholder() throws {
        let suite = try #require(document.children.first)
        #expect(suite[attribute: "name"] == JUnitReport.unnamedPlaceholder)
        #expect(suite[attribute: "package"] == JUnitReport.unnamedPlaceholder)
        #expect(cases.first?[attribute: "name"] == JUnitReport.unnamedPlaceholder)
        #expect(cases.first?[attribute: "classname"] == JUnitReport.unnamedPlaceholder)
        #expect(cases[3][attribute: "name"] == "hostile/pass")
    }

    @Test func blankHostnameBecomesLocalhostAndTypesAreTheFailureKinds() throws {
        let suite = try #require(document.children.first)
        #expect(suite[attribute: "hostname"] == "localhost")
        #expect(cases.first?.children.first?[attribute: "type"] == "EventMismatch")
        #expect(cases[1].children.first?[attribute: "type"] == "TransportError")
    }

    @Test func unusableDatesAndDurationsStillFormat() throws {
        let suite = try #require(document.children.first)
        #expect(suite[attribute: "timestamp"] == "1970-01-01T00:00:00")
        #expect(suite[attribute: "time"] == "0.000")
        #expect(cases.map { $0[attribute: "time"] ?? "" } == ["0.000", "0.000", "0.000", "0.000"])
    }

    @Test func megabyteDetailIsKeptWhole() throws {
        let detail = try #require(cases.first?.children.first?.text)
        #expect(detail.contains(ReportFixtures.megabyteDetail))
        #expect(detail.hasSuffix("\nat file \\u{0}.yaml:1"))
    }

    @Test func carriageReturnsSurviveInSystemOut() throws {
        let out = try #require(document.children.first?.children(named: "system-out").first)
        #expect(out.text.contains("line one\r\nline two\rline three"))
        #expect(rendered.contains("line one&#13;\nline two&#13;line three"))
        #expect(out.text.contains("=== hostile/ok: errored"))
        #expect(out.text.contains("\\u{0}\\u{1}\\u{2}"))
    }
}

/// The documented message limit, restated so a change to it is noticed.
enum OneLineLimit {
    static let characters = 500
}

@Suite("JUnit terminal escape removal")
struct JUnitTerminalEscapeTests {
    @Test(arguments: [
        ("\u{1B}[1;31mred\u{1B}[0m", "red"),
        ("\u{1B}[2K\u{1B}[1Gprogress", "progress"),
        ("\u{1B}[?25lhidden cursor\u{1B}[?25h", "hidden cursor"),
        ("\u{1B}]8;;http://x\u{1B}\\link\u{1B}]8;;\u{1B}\\", "link"),
        ("\u{1B}]0;title\u{07}after", "after"),
        ("\u{1B}(Bcharset", "charset"),
        ("\u{1B}7saved\u{1B}8", "saved"),
        ("unterminated \u{1B}]0;title and the rest", "unterminated \\u{1B}]0;title and the rest"),
        ("unfinished \u{1B}[31", "unfinished \\u{1B}[31"),
        ("trailing \u{1B}", "trailing \\u{1B}"),
        ("plain text", "plain text"),
    ])
    func skipMessageShowsTextWithoutEscapes(reason: String, expected: String) throws {
        var report = ReportFixtures.mixed
        report.files[0].scenarios[3].outcome = .skipped(reason: reason)
        let suite = try #require(try MiniXML.parse(JUnitReport.render(report)).children.first)
        let skipped = try #require(suite.children(named: "testcase")[3].children.first)
        #expect(skipped[attribute: "message"] == expected)
    }
}

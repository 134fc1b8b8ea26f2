import Foundation
import Harness
import Reports
import Testing

/// Failures grouped by what they are, not by where: the triage reason, the summary's groups with example ids,
/// and the HTML page's filter and embedded files.
@Suite struct TriageTests {
    private static func failed(_ id: String, _ message: String, step: Int, line: Int, verb: String) -> ScenarioReport {
        let pin = FailurePin(place: .step(number: step, line: line, verb: verb), kind: .metadataMismatch)
        return ScenarioReport(
            id: id, name: "name of \(id)", line: line - 2, duration: 0.1,
            outcome: .failed(
                Failure(
                    type: .metadataMismatch, message: message, detail: "detail of \(id)",
                    location: "Scenarios/m/x.yaml:\(line):5", pin: pin)), transcript: "")
    }

    private static let report = RunReport(
        target: "gcs+http://127.0.0.1:1", toolVersion: "1", hostname: "", startedAt: Date(timeIntervalSince1970: 0),
        duration: 1,
        files: [
            FileReport(
                name: "m/x", path: "Scenarios/m/x.yaml",
                scenarios: [
                    failed(
                        "m/x/a", "metadata.size differs: expected \"614400\", actual \"0\"", step: 1, line: 28,
                        verb: "put"),
                    failed(
                        "m/x/b", "metadata.size differs: expected \"1048576\", actual \"262144\"", step: 1, line: 49,
                        verb: "put"),
                    failed(
                        "m/x/c", "metadata.size differs: expected \"307200\", actual \"262144\"", step: 4, line: 43,
                        verb: "await"),
                    ScenarioReport(
                        id: "m/x/d", name: "name of m/x/d", line: 60, duration: 0.1, outcome: .passed, transcript: ""),
                ])
        ])

    @Test(arguments: [
        (
            "task put@102 delivered other events: expected resume failure(unknown), actual resume progress(614400/614400) success",
            "task delivered other events: expected resume failure(unknown), actual resume progress(N/N) success"
        ),
        ("prefixes differ: expected [m/b], actual [m/b, m/d]", "prefixes differ: expected […], actual […]"),
        (
            "customMetadata is not empty: expected none, actual {a: \"1\", b: \"x]\"}",
            "customMetadata is not empty: expected none, actual {a: \"…\", b: \"…\"}"
        ),
        (
            "GET http://127.0.0.1:4499/b/sc-3fa29c01-77/o failed at Scenarios/a/b.yaml:12:3 (line 12)",
            "GET URL failed at FILE"
        ),
    ])
    func aReasonKeepsWhatFailedAndDropsTheValues(_ message: String, _ reason: String) {
        #expect(TriageReason.normalise(message) == reason)
    }

    @Test func theReasonNamesTheVerbAndKindButNotTheStep() {
        #expect(
            TriageReason.of(pin: "step 3 (line 27) updateMetadata: MetadataMismatch", message: "x \"1\"")
                == "updateMetadata: MetadataMismatch — x \"…\"")
        #expect(TriageReason.of(pin: "given: SeedFailed", message: "") == "given: SeedFailed")
        #expect(TriageReason.of(pin: nil, message: "reset after 12 bytes") == "reset after N bytes")
    }

    @Test func theSummaryGroupsFailuresByReasonWithExamples() {
        let matrix = CompatibilityMatrix([("peer", Self.report)])
        let groups = matrix.triage(matrix.columns[0], examples: 1)
        #expect(groups.map(\.count) == [2, 1])
        #expect(groups[0].reason == "put: MetadataMismatch — metadata.size differs: expected \"…\", actual \"…\"")
        #expect(groups[0].examples == ["m/x/a"])
        let summary = MatrixMarkdown.summary(matrix)
        #expect(summary.contains("**peer**, failures and errors by reason:"))
        #expect(
            summary.contains(
                "- 2 × put: MetadataMismatch — metadata.size differs: expected \"…\", actual \"…\" (e.g. `m/x/a`, `m/x/b`)"
            ))
        #expect(!summary.contains("614400"))
    }

    @Test func theHTMLPageFiltersRowsAndShowsEmbeddedFilesAtTheirLine() throws {
        let matrix = CompatibilityMatrix([("peer", Self.report)])
        let source = (1...60).map { "line \($0) <of> x" }.joined(separator: "\n") + "\n"
        let html = MatrixHTML.render(matrix, sources: ["Scenarios/m/x.yaml": source])
        #expect(html.contains("<form id=\"filter\" hidden>"))
        #expect(html.contains("data-s=\"1:fail\""))
        #expect(html.contains("data-s=\"1:pass\""))
        #expect(html.contains("href=\"#src-1-L28\""))
        #expect(!html.contains("href=\"Scenarios/m/x.yaml"))
        #expect(html.contains("<span class=\"line\" id=\"src-1-L28\" data-n=\"28\">line 28 &lt;of&gt; x</span>"))
        #expect(!html.contains("id=\"src-1-L61\""))
        let reasons = try #require(html.components(separatedBy: "id=\"reasons-1\"").last)
        #expect(reasons.contains("<span class=\"count\">2 ×</span> put: MetadataMismatch"))
        let differences = try #require(html.range(of: "id=\"differences\""))
        let everyFile = try #require(html.range(of: "id=\"files\""))
        #expect(differences.lowerBound < everyFile.lowerBound)
        let linked = MatrixHTML.render(matrix) { path, line in "https://example.test/\(path)#L\(line)" }
        #expect(linked.contains("href=\"https://example.test/Scenarios/m/x.yaml#L28\""))
        #expect(!linked.contains("id=\"sources\""))
    }

    @Test func theConsoleCountsFailuresByReasonWhenSomeShareOne() {
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(Self.report)
        #expect(
            output.text.contains(
                """
                Failures by reason (2 reasons):
                    2 × put: MetadataMismatch — metadata.size differs: expected "…", actual "…"
                    1 × await: MetadataMismatch — metadata.size differs: expected "…", actual "…"
                """))
    }
}

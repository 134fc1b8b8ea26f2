import Foundation
import Harness
import Testing

/// Reading JSON reports back, merging shards and the matrix built from them.
@Suite struct CompatibilityMatrixTests {
    private static let started = Date(timeIntervalSince1970: 1_700_000_000.125)

    private static func scenario(_ id: String, line: Int, _ outcome: Outcome) -> ScenarioReport {
        ScenarioReport(
            id: id, name: "name of \(id)", line: line, duration: 0.25, outcome: outcome, transcript: "t \(id)")
    }

    /// Two files, every kind of outcome.
    private static let whole = RunReport(
        target: "gcs+http://127.0.0.1:1", toolVersion: "1.2.3", hostname: "", startedAt: started, duration: 2.5,
        files: [
            FileReport(
                name: "a/first", path: "Scenarios/a/first.yaml",
                scenarios: [
                    ScenarioReport(
                        id: "a/first/one", name: "name of a/first/one", line: 1, duration: 0.25, outcome: .passed,
                        transcript: "t", steps: [StepTiming(line: 3, verb: "put", duration: 0.125)]),
                    scenario(
                        "a/first/two", line: 9,
                        .failed(Failure(type: .eventMismatch, message: "events | differ", detail: "d", location: "f:9"))
                    ),
                    scenario("a/first/three", line: 20, .expectedFailure("the peer <pages> items only")),
                ]),
            FileReport(
                name: "b/second", path: "Scenarios/b/second.yaml",
                scenarios: [
                    scenario("b/second/four", line: 3, .skipped(reason: "needs rules: none here")),
                    scenario(
                        "b/second/five", line: 8,
                        .errored(Failure(type: .transportError, message: "reset", detail: "d"))),
                ]),
        ])

    @Test func aJSONReportReadsBackAsItWasWritten() throws {
        let read = try JSONReportReader.read(JSONReport.render(Self.whole), path: "r.json")
        #expect(read == Self.whole)
    }

    @Test func aReportThatDepartsFromTheFormatIsRefusedWithThePlace() {
        var text = String(decoding: JSONReport.render(Self.whole), as: UTF8.self)
        text = text.replacingOccurrences(of: "\"outcome\": \"errored\"", with: "\"outcome\": \"broken\"")
        do {
            _ = try JSONReportReader.read(Data(text.utf8), path: "r.json")
            Issue.record("a report with an unknown outcome was read")
        } catch {
            #expect(
                error.description
                    == "r.json: files[1].scenarios[1]: \"outcome\" must be passed, failed, errored or skipped, not broken"
            )
        }
        #expect(throws: JSONReportReader.Problem.self) { try JSONReportReader.read(Data("[]".utf8), path: "x") }
    }

    @Test func shardsMergeIntoTheUnshardedReport() throws {
        var first = Self.whole
        first.files = [
            FileReport(name: "a/first", path: "Scenarios/a/first.yaml", scenarios: [Self.whole.files[0].scenarios[1]])
        ]
        first.duration = 1
        var second = Self.whole
        second.files = [
            FileReport(
                name: "b/second", path: "Scenarios/b/second.yaml", scenarios: Array(Self.whole.files[1].scenarios)),
            FileReport(
                name: "a/first", path: "Scenarios/a/first.yaml",
                scenarios: [Self.whole.files[0].scenarios[2], Self.whole.files[0].scenarios[0]]),
        ]
        second.startedAt = Self.started.addingTimeInterval(0.5)
        second.duration = 2
        let merged = try ShardMerge.merge([first, second])
        #expect(merged.files == Self.whole.files)
        #expect(merged.startedAt == Self.started)
        #expect(merged.duration == 2.5)
        #expect(throws: ShardMerge.Problem.self) { try ShardMerge.merge([first, first]) }
        var elsewhere = second
        elsewhere.target = "reference"
        #expect(throws: ShardMerge.Problem.self) { try ShardMerge.merge([first, elsewhere]) }
    }

    @Test func theMatrixCountsWhatTheReportsSay() {
        var other = Self.whole
        other.target = "reference"
        other.files = [
            FileReport(name: "a/first", path: "p", scenarios: [Self.scenario("a/first/one", line: 1, .passed)])
        ]
        let matrix = CompatibilityMatrix([("peer", Self.whole), ("ref", other)])
        #expect(
            matrix.rows.map(\.id) == ["a/first/one", "a/first/two", "a/first/three", "b/second/four", "b/second/five"])
        #expect(matrix.groups.map(\.file) == ["a/first", "b/second"])
        let peer = matrix.totals(matrix.columns[0])
        #expect(
            peer.passed == 1 && peer.failed == 1 && peer.errored == 1 && peer.expectedFailures == 1 && peer.skipped == 1
        )
        #expect(peer.executed == 4 && peer.total == 5)
        #expect(matrix.cell(matrix.rows[2], matrix.columns[0]) == .expectedFailure("the peer <pages> items only"))
        #expect(matrix.cell(matrix.rows[2], matrix.columns[1]) == .absent)
        #expect(matrix.totals(matrix.columns[1]).total == 1)
    }

    @Test func markdownAndHTMLEscapeWhatTheyShow() {
        let matrix = CompatibilityMatrix([("peer | one", Self.whole)])
        let markdown = MatrixMarkdown.render(matrix)
        #expect(markdown.contains("| peer \\| one |"))
        #expect(markdown.contains("| Executed | 4 |"))
        #expect(markdown.contains("1. peer \\| one: events \\| differ"))
        #expect(markdown.contains("the peer &lt;pages&gt; items only"))
        #expect(MatrixMarkdown.summary(matrix).contains("- 1 × the peer &lt;pages&gt; items only"))
        let html = MatrixHTML.render(matrix)
        #expect(html.contains("title=\"the peer &lt;pages&gt; items only\""))
        #expect(!html.contains("<script"))
        #expect(!html.contains("<pages>"))
    }
}

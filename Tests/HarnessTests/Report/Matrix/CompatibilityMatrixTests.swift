import Foundation
import Harness
import Reports
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
                    scenario(
                        "a/first/three", line: 20,
                        .expectedFailure(
                            actual: Failure(
                                type: .listMismatch, message: "items differ", detail: "expected [a], actual [b]",
                                location: "Scenarios/a/first.yaml:24:5",
                                pin: FailurePin(place: .step(number: 2, line: 24, verb: "list"), kind: .listMismatch)),
                            listed: ListedFailure(
                                reason: "the peer <pages> items only",
                                pin: FailurePin(place: .step(number: 2, line: 24, verb: "list"), kind: .listMismatch)))),
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
        do throws(JSONReportReader.Problem) {
            _ = try JSONReportReader.read(Data(text.utf8), path: "r.json")
            Issue.record("a report with an unknown outcome was read")
        } catch {
            #expect(
                error.description
                    == "r.json: files[1].scenarios[1]: \"outcome\" must be passed, failed, errored, expectedFailure or skipped, not broken"
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
        first.selection.shard = Shard(index: 1, count: 2)
        second.selection.shard = Shard(index: 2, count: 2)
        let merged = try ShardMerge.merge([("1.json", first), ("2.json", second)])
        #expect(merged.files == Self.whole.files)
        #expect(merged.startedAt == Self.started)
        #expect(merged.duration == 2.5)
        #expect(merged.selection.shard == nil)
        var elsewhere = second
        elsewhere.target = "reference"
        #expect(throws: ShardMerge.Problem.self) { try ShardMerge.merge([("1.json", first), ("2.json", elsewhere)]) }
    }

    /// The shards a report records let a merge refuse a shard missing or given twice, naming it.
    @Test func aShardMissingOrGivenTwiceIsRefusedByName() {
        func shard(_ index: Int, of count: Int) -> RunReport {
            var report = Self.whole
            report.files = []
            report.selection.shard = Shard(index: index, count: count)
            return report
        }
        func problem(_ inputs: [ShardMerge.Input]) -> String? {
            do {
                _ = try ShardMerge.merge(inputs)
                return nil
            } catch {
                return error.description
            }
        }
        #expect(
            problem([("1.json", shard(1, of: 3)), ("3.json", shard(3, of: 3))])
                == "shard 2/3 is missing (every shard of the run is needed)")
        #expect(
            problem([("a.json", shard(1, of: 2)), ("b.json", shard(1, of: 2)), ("c.json", shard(2, of: 2))])
                == "shard 1/2 is given 2 times (a.json, b.json)")
        #expect(
            problem([("a.json", shard(1, of: 2)), ("b.json", shard(2, of: 3))])?.contains("split it the same way")
                == true)
        #expect(problem([("a.json", shard(1, of: 1))]) == nil)
        #expect(
            problem([("old.json", Self.whole), ("new.json", Self.whole)])
                == "old.json and new.json are 2 runs of gcs+http://127.0.0.1:1, not shards of one run: give each a "
                + "label, e.g. run1=old.json run2=new.json")
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
        let expected = matrix.cell(matrix.rows[2], matrix.columns[0])
        #expect(expected.status == .expectedFailure)
        #expect(expected.note == "the peer <pages> items only")
        #expect(expected.detail?.contains("expected [a], actual [b]") == true)
        #expect(expected.failureLine == 24)
        #expect(matrix.cell(matrix.rows[2], matrix.columns[1]).status == .absent)
        #expect(matrix.totals(matrix.columns[0]).summaryLine == Self.whole.counts.summaryLine)
        #expect(matrix.totals(matrix.columns[1]).total == 1)
    }

    @Test func markdownAndHTMLEscapeWhatTheyShow() {
        let matrix = CompatibilityMatrix([("peer | one", Self.whole)])
        let markdown = MatrixMarkdown.render(matrix)
        #expect(markdown.contains("| peer \\| one |"))
        #expect(markdown.contains("| Executed | 4 |"))
        #expect(markdown.contains("1. peer \\| one: events \\| differ"))
        #expect(markdown.contains("the peer &lt;pages&gt; items only (failed at step 2 (line 24) list: ListMismatch)"))
        #expect(MatrixMarkdown.summary(matrix).contains("- 1 × the peer &lt;pages&gt; items only"))
        let html = MatrixHTML.render(matrix)
        #expect(html.contains("the peer &lt;pages&gt; items only"))
        #expect(!html.contains("<script src"))
        #expect(!html.contains("<pages>"))
    }

    /// The triage page: a legend, contents with anchors, the differences first with words for statuses, each
    /// reason once per column with its count, links to file and line, and the failure's transcript folded.
    @Test func theHTMLPageIsForTriage() throws {
        var agreeing = Self.whole
        agreeing.files = [
            FileReport(
                name: "c/third", path: "Scenarios/c/third.yaml",
                scenarios: [Self.scenario("c/third/six", line: 4, .passed)])
        ]
        var peer = Self.whole
        peer.files += agreeing.files
        var twin = peer
        twin.files[0].scenarios[1].outcome = twin.files[0].scenarios[0].outcome
        let matrix = CompatibilityMatrix([("peer", peer), ("twin", twin)])
        let html = MatrixHTML.render(matrix) { path, line in "https://example.test/\(path)#L\(line)" }
        for anchor in [
            "legend", "totals", "differences", "reasons", "files", "reasons-1", "file-a-first", "file-c-third",
        ] {
            #expect(html.contains("id=\"\(anchor)\""), "\(anchor)")
            #expect(html.contains("href=\"#\(anchor)\""), "\(anchor)")
        }
        for word in ["PASS", "FAIL", "ERROR", "XFAIL", "SKIP"] { #expect(html.contains(">\(word)<"), "\(word)") }
        let differences = try #require(
            html.components(separatedBy: "id=\"differences\"").last?.components(
                separatedBy: "id=\"reasons\""
            ).first)
        #expect(differences.contains("name of a/first/two"))
        #expect(differences.contains("name of a/first/three"))
        #expect(!differences.contains("name of c/third/six"))
        #expect(!differences.contains("name of a/first/one"))
        #expect(html.contains("href=\"https://example.test/Scenarios/a/first.yaml#L24\""))
        #expect(html.contains("<details><summary>transcript</summary><pre>ListMismatch: items differ"))
        #expect(
            html.components(separatedBy: "<span class=\"count\">1 ×</span> the peer &lt;pages&gt; items only").count
                == 3)
        #expect(html.contains("<details id=\"file-c-third\"><summary>"))
    }
}

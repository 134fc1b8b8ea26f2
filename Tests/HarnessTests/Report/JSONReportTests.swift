import Foundation
import Harness
import Reports
import Testing

@Suite("JSON report")
struct JSONReportTests {
    private func object(_ report: RunReport) throws -> [String: Any] {
        let data = JSONReport.render(report)
        return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    private func scenarios(_ root: [String: Any], file: Int = 0) throws -> [[String: Any]] {
        let files = try #require(root["files"] as? [[String: Any]])
        return try #require(files[file]["scenarios"] as? [[String: Any]])
    }

    @Test func topLevelShape() throws {
        let root = try object(ReportFixtures.mixed)
        #expect(
            Set(root.keys) == [
                "tool", "target", "startedAt", "duration", "selection", "stopReason", "emptyReason", "staleEntries",
                "summary", "files",
            ])
        let tool = try #require(root["tool"] as? [String: String])
        #expect(tool == ["name": "storage-conformance", "version": "1.2.3"])
        #expect(root["target"] as? String == "reference")
        #expect(root["startedAt"] as? String == "2024-02-29T13:05:09.120Z")
        #expect(root["duration"] as? Double == 2.5)
    }

    /// The summary counts in the console's words, with the console's line.
    @Test func summaryCountsEveryOutcomeApart() throws {
        let summary = try #require(try object(ReportFixtures.mixed)["summary"] as? [String: Any])
        #expect(
            summary.filter { $0.key != "line" } as? [String: Int] == [
                "passed": 2, "failed": 2, "errored": 1, "expectedFailures": 1, "skipped": 1, "total": 7,
            ])
        #expect(summary["line"] as? String == ReportFixtures.mixed.counts.summaryLine)
    }

    /// The selection, shard included, so `report` can tell a missing shard.
    @Test func theSelectionIsRecorded() throws {
        var report = ReportFixtures.mixed
        report.selection = RunSelection(tags: ["list"], filters: ["a*"], shard: Shard(index: 2, count: 3))
        let selection = try #require(try object(report)["selection"] as? [String: Any])
        #expect(selection["tags"] as? [String] == ["list"])
        #expect(selection["filters"] as? [String] == ["a*"])
        #expect(selection["shard"] as? String == "2/3")
        #expect(selection["rerun"] as? Bool == false)
        #expect(try JSONReportReader.read(JSONReport.render(report), path: "r.json").selection == report.selection)
    }

    @Test func filesCarryNamePathAndScenarios() throws {
        let files = try #require(try object(ReportFixtures.mixed)["files"] as? [[String: Any]])
        #expect(files.map { $0["name"] as? String } == ["upload/pause-resume", "list/edge-cases", "empty"])
        #expect(
            files.map { $0["path"] as? String }
                == ["Scenarios/upload/pause-resume.yaml", "Scenarios/list/edge-cases.yaml", "Scenarios/empty.yaml"])
        #expect(files.map { ($0["scenarios"] as? [Any])?.count } == [5, 2, 0])
    }

    @Test func scenariosCarryEveryKeyAndTheOutcomeStrings() throws {
        let list = try scenarios(try object(ReportFixtures.mixed))
        let keys: Set<String> = [
            "id", "name", "line", "duration", "outcome", "failure", "expected", "skipReason", "transcript", "steps",
            "clientWaits", "exchanges", "exchangesDropped",
        ]
        #expect(list.allSatisfy { Set($0.keys) == keys })
        #expect(list.map { $0["outcome"] as? String } == ["passed", "failed", "errored", "skipped", "expectedFailure"])
        #expect(list.map { $0["line"] as? Int } == [1, 12, 30, 41, 50])
        #expect(list.map { $0["duration"] as? Double } == [0.012, 0.25, 1, 0, 0.004])
        #expect(list[0]["id"] as? String == "upload/pause-resume/pausing-works")
        #expect(list[0]["name"] as? String == "pausing works")
        #expect(list[0]["transcript"] as? String == "put a.txt\nevent: success")
    }

    @Test func failureAndSkipReasonAreObjectsOrNull() throws {
        let list = try scenarios(try object(ReportFixtures.mixed))
        #expect(list[0]["failure"] is NSNull && list[0]["skipReason"] is NSNull)
        let failure = try #require(list[1]["failure"] as? [String: Any])
        #expect(
            failure.filter { $0.key != "pin" } as? [String: String] == [
                "type": "EventMismatch",
                "message": ReportFixtures.eventMismatch.message,
                "detail": ReportFixtures.eventMismatch.detail,
                "location": "Scenarios/upload/pause-resume.yaml:14",
            ])
        #expect(failure["pin"] is NSNull)
        let error = try #require(list[2]["failure"] as? [String: Any])
        #expect(error["location"] is NSNull)
        #expect(error["type"] as? String == "TransportError")
        #expect(list[3]["skipReason"] as? String == "not for target reference")
        #expect(list[3]["failure"] is NSNull)
    }

    /// An expected failure keeps its actual failure and the manifest's entry.
    @Test func anExpectedFailureKeepsTheActualFailure() throws {
        let list = try scenarios(try object(ReportFixtures.mixed))
        let failure = try #require(list[4]["failure"] as? [String: Any])
        #expect(failure["type"] as? String == "ListMismatch")
        #expect(failure["detail"] as? String == "expected [a], actual [b]")
        #expect(failure["pin"] as? String == "step 1 (line 52) list: ListMismatch")
        let expected = try #require(list[4]["expected"] as? [String: String])
        #expect(expected == ["reason": "the emulator pages items only", "pin": "step 1 (line 52) list: ListMismatch"])
        let read = try JSONReportReader.read(JSONReport.render(ReportFixtures.mixed), path: "r.json")
        #expect(read.scenarios.map(\.outcome) == ReportFixtures.mixed.scenarios.map(\.outcome))
    }

    @Test func keysComeInTheDocumentedOrder() throws {
        let text = String(decoding: JSONReport.render(ReportFixtures.mixed), as: UTF8.self)
        let order = ["\"tool\"", "\"target\"", "\"startedAt\"", "\"duration\"", "\"summary\"", "\"files\""]
        let positions = order.compactMap { text.range(of: $0)?.lowerBound }
        #expect(positions.count == order.count)
        #expect(positions == positions.sorted())
    }

    @Test func hostileTextRoundTripsExactly() throws {
        let root = try object(ReportFixtures.hostile)
        let list = try scenarios(root)
        #expect(list[1]["name"] as? String == ReportFixtures.hostileText)
        #expect(list[0]["transcript"] as? String == ReportFixtures.hostileText)
        let failure = try #require(list[0]["failure"] as? [String: Any])
        #expect(failure["detail"] as? String == ReportFixtures.hostileText + "\n" + ReportFixtures.megabyteDetail)
        #expect(list[3]["name"] as? String == "  ")
        #expect(list[1]["transcript"] as? String == "line one\r\nline two\rline three")
        #expect(root["target"] as? String == "http://127.0.0.1:9199/?a=1&b=<2>")
    }

    @Test func unusableNumbersAndDatesStillMakeValidJSON() throws {
        let root = try object(ReportFixtures.hostile)
        #expect(root["duration"] as? Double == 0)
        #expect(root["startedAt"] as? String == "1970-01-01T00:00:00.000Z")
        #expect(try scenarios(root).map { $0["duration"] as? Double } == [0, 0, 0, 0])
    }

    @Test func emptyRunHasNoFiles() throws {
        let root = try object(ReportFixtures.emptyRun)
        #expect((root["files"] as? [Any])?.isEmpty == true)
        let summary = try #require(root["summary"] as? [String: Any])
        #expect(
            summary.filter { $0.key != "line" } as? [String: Int] == [
                "passed": 0, "failed": 0, "errored": 0, "expectedFailures": 0, "skipped": 0, "total": 0,
            ])
    }

    @Test func outputIsUTF8WithoutRawControlCharacters() throws {
        let data = JSONReport.render(ReportFixtures.hostile)
        let text = try #require(String(data: data, encoding: .utf8))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        #expect(text.contains("\\u001B[31m"))
        #expect(text.hasSuffix("}\n"))
    }
}

/// Every failure kind reaches both reports under its one name, and counts where its category says.
@Suite("Failure kinds in reports") struct FailureKindReportTests {
    private static func report(_ kind: FailureKind) -> RunReport {
        let failure = Failure(type: kind, message: "m", detail: "d")
        let outcome: Outcome =
            switch kind.category {
            case .failure: .failed(failure)
            case .error: .errored(failure)
            case .skip: .skipped(reason: "m")
            }
        let scenario = ScenarioReport(id: "f/s", name: "s", line: 1, duration: 0, outcome: outcome, transcript: "")
        return RunReport(
            target: "reference", toolVersion: "0", hostname: "h", startedAt: Date(timeIntervalSince1970: 0),
            duration: 0,
            files: [FileReport(name: "f", path: "f.yaml", scenarios: [scenario])])
    }

    @Test(arguments: FailureKind.allCases.filter { $0.category != .skip })
    func theKindIsTheTypeInJUnitAndJSON(_ kind: FailureKind) throws {
        let report = Self.report(kind)
        let junit = String(decoding: JUnitReport.renderData(report), as: UTF8.self)
        let element = kind.category == .failure ? "failure" : "error"
        #expect(junit.contains("<\(element) type=\"\(kind.rawValue)\""), "\(junit)")
        let json = try #require(JSONSerialization.jsonObject(with: JSONReport.render(report)) as? [String: Any])
        let files = try #require(json["files"] as? [[String: Any]])
        let scenarios = try #require(files.first?["scenarios"] as? [[String: Any]])
        let problem = try #require((scenarios.first?["failure"] ?? scenarios.first?["error"]) as? [String: Any])
        #expect(problem["type"] as? String == kind.rawValue)
    }

    @Test func rawValuesAreUniqueWords() {
        let names = FailureKind.allCases.map(\.rawValue)
        #expect(Set(names).count == names.count)
        #expect(names.allSatisfy { $0.allSatisfy(\.isLetter) && $0.first?.isUppercase == true })
    }
}

import Foundation
import Primitives
import StorageAPI

/// Reads a JSON report (the format `JSONReport` writes) back into a `RunReport`, so that results of several
/// runs, targets or shards can be merged and compared. A file that departs from the format is refused with
/// the place that does (`files[3].scenarios[0]: "outcome" must be …`).
public enum JSONReportReader {
    /// Why a file is not a readable report.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func read(_ data: Data, path: String) throws(Problem) -> RunReport {
        let root: JSONValue
        do {
            root = try JSONParser.parse(data)
        } catch {
            let (line, column) = position(of: error.offset, in: data)
            throw Problem(description: "\(path):\(line):\(column): not JSON: \(error)")
        }
        let place = Place(path: path, where: "the report")
        let tool = try place.object(root, "tool")
        var files: [FileReport] = []
        var places: [String: String] = [:]
        for (index, file) in try place.array(root, "files").enumerated() {
            let filePlace = Place(path: path, where: "files[\(index)]")
            let read = try self.file(file, at: filePlace)
            for (inner, scenario) in read.scenarios.enumerated() {
                let here = "\(filePlace.where).scenarios[\(inner)]"
                if let first = places.updateValue(here, forKey: scenario.id) {
                    throw Problem(
                        description:
                            "\(path): \(here): \(scenario.id) is listed twice in this report (first at \(first))")
                }
            }
            files.append(read)
        }
        let startedText = try place.string(root, "startedAt")
        guard let startedAt = StorageDateFormat.date(from: startedText) else {
            throw place.problem("\"startedAt\" is not a timestamp: \(startedText)")
        }
        var report = RunReport(
            target: try place.string(root, "target"), toolVersion: try place.string(tool, "version"), hostname: "",
            startedAt: startedAt, duration: try place.number(root, "duration"), files: files,
            selection: try selection(root["selection"], at: Place(path: path, where: "selection")),
            stopReason: root["stopReason"]?.stringValue, emptyReason: root["emptyReason"]?.stringValue)
        if root["staleEntries"] != nil {
            for (index, value) in try place.array(root, "staleEntries").enumerated() {
                let at = Place(path: path, where: "staleEntries[\(index)]")
                report.staleEntries.append(
                    StaleEntry(
                        id: try at.string(value, "id"), line: try at.line(value), why: try at.string(value, "reason")))
            }
        }
        return report
    }

    /// The run's selection; a report from before selections were recorded reads as the whole suite.
    private static func selection(_ value: JSONValue?, at place: Place) throws(Problem) -> RunSelection {
        guard let value, case .object = value else { return RunSelection() }
        var selection = RunSelection()
        for key in ["tags", "filters"] {
            let items = try place.array(value, key).compactMap(\.stringValue)
            if key == "tags" { selection.tags = items } else { selection.filters = items }
        }
        if let text = value["shard"]?.stringValue {
            guard let shard = Shard(parsing: text) else { throw place.problem("\"shard\" must be K/N, not \(text)") }
            selection.shard = shard
        }
        if case .bool(let rerun)? = value["rerun"] { selection.rerun = rerun }
        return selection
    }

    /// The line and column (both from 1, the column in bytes) of byte `offset` in `data`.
    private static func position(of offset: Int, in data: Data) -> (line: Int, column: Int) {
        let before = data.prefix(max(0, offset))
        let lineStart = before.lastIndex(of: UInt8(ascii: "\n")).map { $0 + 1 } ?? before.startIndex
        return (
            before.count { $0 == UInt8(ascii: "\n") } + 1, before.distance(from: lineStart, to: before.endIndex) + 1
        )
    }

    private static func file(_ value: JSONValue, at place: Place) throws(Problem) -> FileReport {
        var scenarios: [ScenarioReport] = []
        for (index, scenario) in try place.array(value, "scenarios").enumerated() {
            scenarios.append(try self.scenario(scenario, at: place.inner("scenarios[\(index)]")))
        }
        return FileReport(
            name: try place.string(value, "name"), path: try place.string(value, "path"), scenarios: scenarios)
    }

    private static func scenario(_ value: JSONValue, at place: Place) throws(Problem) -> ScenarioReport {
        let outcome: Outcome
        switch try place.string(value, "outcome") {
        case "passed": outcome = .passed
        case "failed":
            outcome = .failed(try failure(try place.object(value, "failure"), of: value, at: place.inner("failure")))
        case "errored":
            outcome = .errored(try failure(try place.object(value, "failure"), of: value, at: place.inner("failure")))
        case "expectedFailure":
            outcome = .expectedFailure(
                actual: try failure(try place.object(value, "failure"), at: place.inner("failure")),
                listed: try listed(try place.object(value, "expected"), at: place.inner("expected")))
        case "skipped": outcome = .skipped(reason: try place.string(value, "skipReason"))
        case let other:
            throw place.problem(
                "\"outcome\" must be passed, failed, errored, expectedFailure or skipped, not \(other)")
        }
        var steps: [StepTiming] = []
        if value["steps"] != nil {
            for (index, step) in try place.array(value, "steps").enumerated() {
                let stepPlace = place.inner("steps[\(index)]")
                steps.append(
                    StepTiming(
                        line: try stepPlace.line(step), verb: try stepPlace.string(step, "verb"),
                        duration: try stepPlace.number(step, "duration")))
            }
        }
        var clientWaits = ClockWaits()
        if let waits = value["clientWaits"] {
            let wait = place.inner("clientWaits")
            clientWaits = ClockWaits(
                total: try wait.number(waits, "total"), inRealTime: try wait.number(waits, "inRealTime"))
        }
        return ScenarioReport(
            id: try place.string(value, "id"), name: try place.string(value, "name"),
            line: try place.line(value), duration: try place.number(value, "duration"),
            outcome: outcome, transcript: try place.string(value, "transcript"), steps: steps,
            clientWaits: clientWaits, exchanges: try exchanges(value, at: place))
    }

    /// `exchanges` and `exchangesDropped`, which reports before `--trace` lack.
    private static func exchanges(_ value: JSONValue, at place: Place) throws(Problem) -> ExchangeTrace {
        var trace = ExchangeTrace.none
        if value["exchanges"] != nil {
            for (index, exchange) in try place.array(value, "exchanges").enumerated() {
                guard let text = exchange.stringValue else {
                    throw place.problem("\"exchanges[\(index)]\" must be a string")
                }
                trace.exchanges.append(text)
            }
        }
        if value["exchangesDropped"] != nil {
            let dropped = try place.number(value, "exchangesDropped")
            guard let count = CheckedNumber.whole(dropped, in: 0...Int(Int32.max)) else {
                throw place.problem("\"exchangesDropped\" must be a whole number, not \(dropped)")
            }
            trace.dropped = count
        }
        return trace
    }

    /// A failure; `scenario` holds the manifest's entry (`expected`) that a changed failure or an
    /// unexpected pass is about.
    private static func failure(_ value: JSONValue, of scenario: JSONValue? = nil, at place: Place) throws(Problem)
        -> Failure
    {
        let typeName = try place.string(value, "type")
        guard let type = FailureKind(rawValue: typeName) else {
            throw place.problem("unknown failure type \(typeName)")
        }
        var listedFailure: ListedFailure?
        if let entry = scenario?["expected"], case .object = entry {
            listedFailure = try listed(entry, at: place.inner("expected"))
        }
        return Failure(
            type: type, message: try place.string(value, "message"), detail: try place.string(value, "detail"),
            location: value["location"]?.stringValue, pin: try pin(value["pin"], at: place),
            listed: listedFailure)
    }

    private static func listed(_ value: JSONValue, at place: Place) throws(Problem) -> ListedFailure {
        ListedFailure(reason: try place.string(value, "reason"), pin: try pin(value["pin"], at: place))
    }

    private static func pin(_ value: JSONValue?, at place: Place) throws(Problem) -> FailurePin? {
        guard let text = value?.stringValue else { return nil }
        guard let pin = FailurePin(parsing: text) else { throw place.problem("\"pin\" is not a pin: \(text)") }
        return pin
    }

    /// Where in which file a value is read, for messages.
    private struct Place {
        let path: String
        let `where`: String

        func inner(_ part: String) -> Place { Place(path: path, where: `where` + "." + part) }

        func problem(_ message: String) -> Problem { Problem(description: "\(path): \(`where`): \(message)") }

        func member(_ value: JSONValue, _ key: String) throws(Problem) -> JSONValue {
            guard let member = value[key] else { throw problem("\"\(key)\" is missing") }
            return member
        }

        func string(_ value: JSONValue, _ key: String) throws(Problem) -> String {
            guard let text = try member(value, key).stringValue else { throw problem("\"\(key)\" must be a string") }
            return text
        }

        func number(_ value: JSONValue, _ key: String) throws(Problem) -> Double {
            guard case .number(let text) = try member(value, key), let number = Double(text) else {
                throw problem("\"\(key)\" must be a number")
            }
            return number
        }

        /// A `"line"`: a whole number from 0 to `Int32.max` (no file has more lines).
        func line(_ value: JSONValue) throws(Problem) -> Int {
            let member = try member(value, "line")
            guard case .number(let text) = member,
                let line = Double(text).flatMap({ CheckedNumber.whole($0, in: 0...Int(Int32.max)) })
            else {
                throw problem("\"line\" must be a whole number from 0 to \(Int32.max), not \(member.text)")
            }
            return line
        }

        func object(_ value: JSONValue, _ key: String) throws(Problem) -> JSONValue {
            let member = try member(value, key)
            guard case .object = member else { throw problem("\"\(key)\" must be an object") }
            return member
        }

        func array(_ value: JSONValue, _ key: String) throws(Problem) -> [JSONValue] {
            guard case .array(let elements) = try member(value, key) else {
                throw problem("\"\(key)\" must be an array")
            }
            return elements
        }
    }
}

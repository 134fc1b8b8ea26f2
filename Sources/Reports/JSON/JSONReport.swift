import Foundation
import Primitives

/// Renders a `RunReport` as JSON for machines: UTF-8, two-space indentation, keys in the fixed
/// order below. Strings are reproduced exactly (control characters and escape sequences are
/// JSON-escaped, not removed); durations are seconds with three decimals, never NaN or negative.
///
/// ```
/// {
///   "tool": { "name": "storage-conformance", "version": String },
///   "target": String,
///   "startedAt": String,          // ISO 8601 UTC with milliseconds, e.g. "2024-02-29T13:05:09.120Z"
///   "duration": Number,           // wall time of the run, seconds
///   "selection": {                // what the run was asked to run
///     "tags": [String], "filters": [String],
///     "shard": "K/N" | null,      // run --shard K/N: report merges the N shards of a label
///     "rerun": Bool               // run --rerun-failed
///   },
///   "stopReason": String | null,  // why the run stopped early (a signal, timeouts, --fail-fast)
///   "emptyReason": String | null, // why nothing ran (an empty selection, nothing to rerun)
///   "staleEntries": [ { "id": String, "line": Int, "reason": String } ],
///                                 // manifest entries whose scenario did not run, and why (docs/expectations.md)
///   "summary": {                  // the console's and JUnit's words and numbers
///     "passed": Int, "failed": Int, "errored": Int, "expectedFailures": Int, "skipped": Int,
///     "total": Int, "line": String // "2 passed, 0 failed, 1 errored, 1 expected failure, 0 skipped"
///   },
///   "files": [ {
///     "name": String,             // file path under the scenario root, without .yaml
///     "path": String,             // the path as given to the run
///     "scenarios": [ {
///       "id": String, "name": String,
///       "line": Int,              // line of the scenario's `scenario:` key
///       "duration": Number,       // seconds
///       "outcome": "passed" | "failed" | "errored" | "expectedFailure" | "skipped",
///       "failure": { "type": String, "message": String, "detail": String,
///                    "location": String | null,
///                    "pin": String | null } | null,  // failed, errored, and how an expected failure failed
///       "expected": { "reason": String, "pin": String | null } | null,
///                                  // the manifest's entry: expected failures, changed failures, unexpected passes
///       "skipReason": String | null,                        // set for skipped
///       "transcript": String,
///       "steps": [ { "line": Int, "verb": String, "duration": Number } ],  // the steps that ran
///       "clientWaits": {              // the client's waits on its clock: retry back-off, Retry-After, stalls
///         "total": Number,            // seconds they lasted on that clock
///         "inRealTime": Number        // seconds of "duration" they took; a virtual clock skips the rest
///       },
///       "exchanges": [String],        // the HTTP exchanges of its steps, oldest first, each as `>`/`<` lines:
///                                     // kept with a failure, and for every scenario with run --trace
///       "exchangesDropped": Int       // earlier exchanges not kept (a session keeps its last 20)
///     } ]
///   } ]
/// }
/// ```
public enum JSONReport {
    /// The `tool.name` value.
    public static let toolName = "storage-conformance"

    public static func render(_ report: RunReport) -> Data {
        Data(document(report).prettyText.utf8)
    }

    private static func document(_ report: RunReport) -> JSONValue {
        let counts = report.counts
        return .members([
            "tool": .members(["name": .string(toolName), "version": .string(report.toolVersion)]),
            "target": .string(report.target),
            "startedAt": .string(UTCTimestamp(report.startedAt).iso8601),
            "duration": .seconds(report.duration),
            "selection": .members([
                "tags": .array(report.selection.tags.map(JSONValue.string)),
                "filters": .array(report.selection.filters.map(JSONValue.string)),
                "shard": report.selection.shard.map { .string($0.description) } ?? .null,
                "rerun": .bool(report.selection.rerun),
            ]),
            "stopReason": report.stopReason.map(JSONValue.string) ?? .null,
            "emptyReason": report.emptyReason.map(JSONValue.string) ?? .null,
            "staleEntries": .array(
                report.staleEntries.map {
                    .members(["id": .string($0.id), "line": .integer($0.line), "reason": .string($0.why)])
                }),
            "summary": .members([
                "passed": .integer(counts.passed),
                "failed": .integer(counts.failed),
                "errored": .integer(counts.errored),
                "expectedFailures": .integer(counts.expectedFailures),
                "skipped": .integer(counts.skipped),
                "total": .integer(counts.total),
                "line": .string(counts.summaryLine),
            ]),
            "files": .array(report.files.map(file)),
        ])
    }

    private static func file(_ file: FileReport) -> JSONValue {
        .members([
            "name": .string(file.name),
            "path": .string(file.path),
            "scenarios": .array(file.scenarios.map(scenario)),
        ])
    }

    /// The word each outcome is written as.
    static func word(_ outcome: Outcome) -> String {
        switch outcome {
        case .passed: "passed"
        case .failed: "failed"
        case .errored: "errored"
        case .expectedFailure: "expectedFailure"
        case .skipped: "skipped"
        }
    }

    private static func scenario(_ scenario: ScenarioReport) -> JSONValue {
        var skipReason = JSONValue.null
        var listed = scenario.outcome.failure?.listed
        switch scenario.outcome {
        case .expectedFailure(_, let entry): listed = entry
        case .skipped(let reason): skipReason = .string(reason)
        case .passed, .failed, .errored: break
        }
        return .members([
            "id": .string(scenario.id),
            "name": .string(scenario.name),
            "line": .integer(scenario.line),
            "duration": .seconds(scenario.duration),
            "outcome": .string(word(scenario.outcome)),
            "failure": scenario.outcome.failure.map(failure) ?? .null,
            "expected": listed.map { .members(["reason": .string($0.reason), "pin": pin($0.pin)]) } ?? .null,
            "skipReason": skipReason,
            "transcript": .string(scenario.transcript),
            "steps": .array(
                scenario.steps.map { step in
                    .members([
                        "line": .integer(step.line), "verb": .string(step.verb), "duration": .seconds(step.duration),
                    ])
                }),
            "clientWaits": .members([
                "total": .seconds(scenario.clientWaits.total),
                "inRealTime": .seconds(scenario.clientWaits.inRealTime),
            ]),
            "exchanges": .array(scenario.exchanges.exchanges.map(JSONValue.string)),
            "exchangesDropped": .integer(scenario.exchanges.dropped),
        ])
    }

    private static func failure(_ failure: Failure) -> JSONValue {
        .members([
            "type": .string(failure.type.rawValue),
            "message": .string(failure.message),
            "detail": .string(failure.detail),
            "location": failure.location.map(JSONValue.string) ?? .null,
            "pin": pin(failure.pin),
        ])
    }

    private static func pin(_ pin: FailurePin?) -> JSONValue {
        pin.map { .string($0.description) } ?? .null
    }
}

extension JSONValue {
    fileprivate static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Seconds with three decimals; NaN, infinite and negative values become `0.000`.
    fileprivate static func seconds(_ value: Double) -> JSONValue { .number(Seconds.formatted(value)) }
}

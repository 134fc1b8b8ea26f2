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
///   "summary": {
///     "passed": Int, "failed": Int,   // failed = failures only, errors are counted apart
///     "errors": Int, "skipped": Int, "total": Int
///   },
///   "files": [ {
///     "name": String,             // file path under the scenario root, without .yaml
///     "path": String,             // the path as given to the run
///     "scenarios": [ {
///       "id": String, "name": String,
///       "line": Int,              // line of the scenario's `scenario:` key
///       "duration": Number,       // seconds
///       "outcome": "passed" | "failed" | "errored" | "skipped",
///       "failure": { "type": String, "message": String, "detail": String,
///                    "location": String | null } | null,   // set for failed and errored
///       "skipReason": String | null,                        // set for skipped
///       "transcript": String,
///       "steps": [ { "line": Int, "verb": String, "duration": Number } ],  // the steps that ran
///       "clientWaits": {              // the client's waits on its clock: retry back-off, Retry-After, stalls
///         "total": Number,            // seconds they lasted on that clock
///         "inRealTime": Number        // seconds of "duration" they took; a virtual clock skips the rest
///       }
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
        let counts = OutcomeCounts(report.scenarios)
        return .members([
            "tool": .members(["name": .string(toolName), "version": .string(report.toolVersion)]),
            "target": .string(report.target),
            "startedAt": .string(UTCTimestamp(report.startedAt).iso8601),
            "duration": .seconds(report.duration),
            "summary": .members([
                "passed": .integer(counts.passed),
                "failed": .integer(counts.failed),
                "errors": .integer(counts.errored),
                "skipped": .integer(counts.skipped),
                "total": .integer(counts.total),
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

    private static func scenario(_ scenario: ScenarioReport) -> JSONValue {
        var failure = JSONValue.null
        var skipReason = JSONValue.null
        let outcome: String
        switch scenario.outcome {
        case .passed:
            outcome = "passed"
        case .failed(let details):
            outcome = "failed"
            failure = Self.failure(details)
        case .errored(let details):
            outcome = "errored"
            failure = Self.failure(details)
        case .skipped(let reason):
            outcome = "skipped"
            skipReason = .string(reason)
        }
        return .members([
            "id": .string(scenario.id),
            "name": .string(scenario.name),
            "line": .integer(scenario.line),
            "duration": .seconds(scenario.duration),
            "outcome": .string(outcome),
            "failure": failure,
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
        ])
    }

    private static func failure(_ failure: Failure) -> JSONValue {
        .members([
            "type": .string(failure.type.rawValue),
            "message": .string(failure.message),
            "detail": .string(failure.detail),
            "location": failure.location.map(JSONValue.string) ?? .null,
        ])
    }
}

extension JSONValue {
    fileprivate static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Seconds with three decimals; NaN, infinite and negative values become `0.000`.
    fileprivate static func seconds(_ value: Double) -> JSONValue { .number(Seconds.formatted(value)) }
}

import Foundation
import Harness
import Reports

/// Run reports the report tests render.
enum ReportFixtures {
    /// 2024-02-29T13:05:09.120Z.
    static let leapDay = Date(timeIntervalSince1970: 1_709_211_909.12)

    static let eventMismatch = Failure(
        type: .eventMismatch,
        message: "events differ after 'paused'\nexpected: resumed\nactual: success",
        detail: "expected:\n  progress*\n  paused\n  resumed\nactual:\n  progress\n  paused\n  success",
        location: "Scenarios/upload/pause-resume.yaml:14"
    )

    static let transportError = Failure(
        type: .transportError,
        message: "connection refused",
        detail: "POST http://127.0.0.1:9199/v0/b/bucket/o failed: connection refused",
        location: nil
    )

    /// Five scenarios in one file (pass, failure, error, skip, expected failure as skip), two in
    /// another, and a file without scenarios.
    static let mixed = RunReport(
        target: "reference",
        toolVersion: "1.2.3",
        hostname: "ci-runner-7",
        startedAt: leapDay,
        duration: 2.5,
        files: [
            FileReport(
                name: "upload/pause-resume", path: "Scenarios/upload/pause-resume.yaml",
                scenarios: [
                    ScenarioReport(
                        id: "upload/pause-resume/pausing-works", name: "pausing works", line: 1,
                        duration: 0.0123, outcome: .passed, transcript: "put a.txt\nevent: success"),
                    ScenarioReport(
                        id: "upload/pause-resume/resuming-delivers", name: "resuming delivers", line: 12,
                        duration: 0.25, outcome: .failed(eventMismatch), transcript: "put b.txt\nevent: paused\n"),
                    ScenarioReport(
                        id: "upload/pause-resume/server-down", name: "server down", line: 30,
                        duration: 1.0, outcome: .errored(transportError), transcript: ""),
                    ScenarioReport(
                        id: "upload/pause-resume/live-only", name: "live only", line: 41,
                        duration: 0, outcome: .skipped(reason: "not for target reference"), transcript: ""),
                    ScenarioReport(
                        id: "upload/pause-resume/known-gap", name: "known gap", line: 50,
                        duration: 0.004,
                        outcome: .expectedFailure(
                            actual: Failure(
                                type: .listMismatch, message: "items differ", detail: "expected [a], actual [b]",
                                location: "Scenarios/upload/pause-resume.yaml:52:5",
                                pin: FailurePin(place: .step(number: 1, line: 52, verb: "list"), kind: .listMismatch)),
                            listed: ListedFailure(
                                reason: "the emulator pages items only",
                                pin: FailurePin(place: .step(number: 1, line: 52, verb: "list"), kind: .listMismatch))),
                        transcript: "list\n"),
                ]),
            FileReport(
                name: "list/edge-cases", path: "Scenarios/list/edge-cases.yaml",
                scenarios: [
                    ScenarioReport(
                        id: "list/edge-cases/root", name: "root", line: 3,
                        duration: 0.5, outcome: .passed, transcript: "list /"),
                    ScenarioReport(
                        id: "list/edge-cases/unexpected-pass", name: "unexpected pass", line: 9,
                        duration: 0.0006,
                        outcome: .failed(
                            Failure(
                                type: .unexpectedPass,
                                message: "passed but listed as an expected failure", detail: "")),
                        transcript: ""),
                ]),
            FileReport(name: "empty", path: "Scenarios/empty.yaml", scenarios: []),
        ]
    )

    static let emptyRun = RunReport(
        target: "reference", toolVersion: "1.2.3", hostname: "", startedAt: leapDay, duration: 0, files: []
    )

    /// Text that breaks naive XML writers and terminals.
    static let hostileText =
        "red \u{1B}[31mALERT\u{1B}[0m \u{1B}[2K cleared \u{1B}]0;title\u{07} nul \u{0}"
        + " esc \u{1B} bell \u{07} vt \u{0B} nonchar \u{FFFF} \u{FFFE} cdata ]]> markup <&>\"' emoji 🧪🇦🇺 é"

    static let megabyteDetail = String(repeating: "0123456789abcdef<&>\n", count: 52_429)

    static let hostile = RunReport(
        target: "http://127.0.0.1:9199/?a=1&b=<2>",
        toolVersion: "0.0.0-\u{1B}[1mdev",
        hostname: "   ",
        startedAt: Date(timeIntervalSince1970: .nan),
        duration: -.infinity,
        files: [
            FileReport(
                name: "\u{1B}[31m\u{1B}[0m", path: hostileText,
                scenarios: [
                    ScenarioReport(
                        id: "", name: "", line: 0, duration: .nan,
                        outcome: .failed(
                            Failure(
                                type: .eventMismatch, message: "\n\n  " + hostileText + "\nsecond line",
                                detail: hostileText + "\n" + megabyteDetail,
                                location: "file \u{0}.yaml:1")),
                        transcript: hostileText),
                    ScenarioReport(
                        id: "hostile/\u{1B}[32mok", name: hostileText, line: 2, duration: .infinity,
                        outcome: .errored(
                            Failure(
                                type: .transportError, message: String(repeating: "long ", count: 400),
                                detail: "")),
                        transcript: "line one\r\nline two\rline three"),
                    ScenarioReport(
                        id: "hostile/skip", name: "multi\nline\tname", line: 3, duration: -1,
                        outcome: .skipped(reason: hostileText + "\nmore"), transcript: "]]>"),
                    ScenarioReport(
                        id: "hostile/pass", name: "  ", line: 4, duration: 1e-9, outcome: .passed,
                        transcript: "\u{0}\u{1}\u{2}"),
                ])
        ]
    )
}

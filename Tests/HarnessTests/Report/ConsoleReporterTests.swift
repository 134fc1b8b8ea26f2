import Foundation
import Harness
import Reports
import Testing

@Suite("Console reporter")
struct ConsoleReporterTests {
    @Test(arguments: [
        ([String: String](), true, true),
        (["TERM": "xterm-256color"], true, true),
        (["TERM": "xterm-256color"], false, false),
        ([:], false, false),
        (["NO_COLOR": "1"], true, false),
        (["NO_COLOR": "anything", "TERM": "xterm"], true, false),
        (["NO_COLOR": ""], true, true),
        (["TERM": "dumb"], true, false),
        (["TERM": "dumb", "NO_COLOR": "1"], false, false),
    ])
    func colourDecision(environment: [String: String], isTerminal: Bool, expected: Bool) {
        #expect(ConsoleReporter.shouldUseColour(environment: environment, isTerminal: isTerminal) == expected)
    }

    private func lines(for report: RunReport, colour: Bool = false) -> [String] {
        let output = CapturedConsoleOutput()
        let reporter = ConsoleReporter(output: output, colour: colour)
        for file in report.files {
            for scenario in file.scenarios {
                reporter.scenarioFinished(scenario, file: file)
            }
        }
        reporter.runFinished(report)
        return output.text.components(separatedBy: "\n")
    }

    @Test func scenarioLinesShowLabelIdTimeAndReason() {
        let output = CapturedConsoleOutput()
        let reporter = ConsoleReporter(output: output, colour: false)
        for file in ReportFixtures.mixed.files {
            for scenario in file.scenarios {
                reporter.scenarioFinished(scenario, file: file)
            }
        }
        #expect(
            output.text == """
                PASS  upload/pause-resume/pausing-works (12 ms)
                FAIL  upload/pause-resume/resuming-delivers (250 ms): events differ after 'paused'
                ERROR upload/pause-resume/server-down (1000 ms): connection refused
                SKIP  upload/pause-resume/live-only (0 ms): not for target reference
                XFAIL upload/pause-resume/known-gap (4 ms): expected failure (step 1 (line 52) list: ListMismatch): the emulator pages items only
                PASS  list/edge-cases/root (500 ms)
                FAIL  list/edge-cases/unexpected-pass (1 ms): passed but listed as an expected failure

                """)
    }

    @Test func runFinishedDetailsFailuresThenEndsWithTheSummaryLine() {
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(ReportFixtures.mixed)
        #expect(
            output.text == """

                Failures:

                FAIL  upload/pause-resume/resuming-delivers [EventMismatch]
                  at Scenarios/upload/pause-resume.yaml:14
                  expected:
                    progress*
                    paused
                    resumed
                  actual:
                    progress
                    paused
                    success

                ERROR upload/pause-resume/server-down [TransportError]
                  at Scenarios/upload/pause-resume.yaml:30
                  POST http://127.0.0.1:9199/v0/b/bucket/o failed: connection refused

                FAIL  list/edge-cases/unexpected-pass [UnexpectedPass]
                  at Scenarios/list/edge-cases.yaml:9

                Ran 7 scenarios in 2.50s.
                2 passed, 2 failed, 1 errored, 1 expected failure, 1 skipped

                """)
    }

    @Test func aLongRunNamesItsFiveSlowestScenarios() {
        var report = ReportFixtures.emptyRun
        let scenarios = (0..<12).map {
            ScenarioReport(
                id: "s/\($0)", name: "\($0)", line: 1, duration: Double($0) / 10, outcome: .passed, transcript: "")
        }
        report.files = [FileReport(name: "s", path: "s.yaml", scenarios: scenarios)]
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(report)
        #expect(
            output.text.contains(
                "Slowest:\n    1.10s  s/11\n    1.00s  s/10\n    0.90s  s/9\n    0.80s  s/8\n    0.70s  s/7\n"))
        let short = CapturedConsoleOutput()
        ConsoleReporter(output: short, colour: false).runFinished(ReportFixtures.mixed)
        #expect(!short.text.contains("Slowest"))
    }

    @Test func summaryLineIsExactAndLast() {
        let all = lines(for: ReportFixtures.mixed)
        #expect(all.last == "")
        #expect(all.dropLast().last == "2 passed, 2 failed, 1 errored, 1 expected failure, 1 skipped")
        #expect(all.dropLast().last == ReportFixtures.mixed.counts.summaryLine)
        let empty = lines(for: ReportFixtures.emptyRun)
        #expect(empty.dropLast().last == "0 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped")
        #expect(empty.dropLast().dropLast().last == "Ran 0 scenarios in 0.00s.")
        var nothing = ReportFixtures.emptyRun
        nothing.emptyReason = "no scenario was selected: no scenario has the tag x"
        #expect(
            lines(for: nothing).dropLast().dropLast().last
                == "Ran no scenario: no scenario was selected: no scenario has the tag x")
    }

    /// An interrupted run says so, and after how many of how many, not "Ran N scenarios".
    @Test func anInterruptedRunSaysSo() {
        let output = CapturedConsoleOutput()
        ConsoleReporter(output: output, colour: false).runFinished(
            ReportFixtures.mixed, interruption: .init(signal: "SIGTERM", finished: 3, total: 7))
        let lines = output.text.components(separatedBy: "\n")
        #expect(
            lines.dropLast().dropLast().last
                == "Interrupted by SIGTERM after 3 of 7 scenarios in 2.50s: the rest are reported as not run.")
        #expect(!output.text.contains("Ran 7"))
    }

    @Test func noEscapeCodesWithoutColourEvenForHostileText() {
        let text = lines(for: ReportFixtures.hostile).joined(separator: "\n")
        #expect(!text.unicodeScalars.contains("\u{1B}"))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" && $0 != "\t" })
        #expect(text.contains("SKIP  hostile/skip (0 ms): red ALERT  cleared  nul \\u{0} esc \\u{1B}"))
        #expect(text.contains("ERROR hostile/ok (0 ms): long long"))
    }

    @Test func colourWrapsOnlyTheLabels() {
        let text = lines(for: ReportFixtures.mixed, colour: true)
        #expect(text.first == "\u{1B}[1;32mPASS\u{1B}[0m  upload/pause-resume/pausing-works (12 ms)")
        #expect(
            text.contains("\u{1B}[1;31mERROR\u{1B}[0m upload/pause-resume/server-down (1000 ms): connection refused"))
        #expect(text.contains { $0.hasPrefix("\u{1B}[1;33mSKIP\u{1B}[0m  ") })
        #expect(text.dropLast().last == "2 passed, 2 failed, 1 errored, 1 expected failure, 1 skipped")
    }

    @Test func concurrentScenariosNeverInterleave() async {
        let output = PieceByPieceOutput()
        let reporter = ConsoleReporter(output: output, colour: true)
        let file = ReportFixtures.mixed.files[0]
        await withTaskGroup(of: Void.self) { group in
            for index in 0..<200 {
                group.addTask {
                    var scenario = file.scenarios[index % file.scenarios.count]
                    scenario.id = "scenario-\(index)"
                    reporter.scenarioFinished(scenario, file: file)
                }
            }
        }
        let written = output.text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
        #expect(written.count == 200)
        let pattern = /^\x{1B}\[1;3\dm(PASS|FAIL|ERROR|XFAIL|SKIP)\x{1B}\[0m +scenario-\d+ \(\d+ ms\)(: .+)?$/
        #expect(written.allSatisfy { $0.wholeMatch(of: pattern) != nil })
        #expect(Set(written.compactMap { $0.firstMatch(of: /scenario-\d+/).map { String($0.output) } }).count == 200)
    }
}

/// Stores each write one character at a time, so that unsynchronised writers would interleave.
final class PieceByPieceOutput: ConsoleOutput {
    private let storage = CapturedConsoleOutput()

    func write(_ text: String) {
        for character in text {
            storage.write(String(character))
        }
    }

    var text: String { storage.text }
}

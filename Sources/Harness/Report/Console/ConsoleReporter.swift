import Foundation
import Synchronization

/// Prints a run as it happens: one line per finished scenario, then the details of every failure
/// and error and a closing summary line `N passed, N failed, N skipped` (failures and errors are
/// counted together as failed). The summary stands alone on the last line, so tools that look
/// for that line find it; the run's wall time is on the line before.
///
/// Scenario text is shown without terminal escapes and with other control characters made
/// visible, so a target cannot restyle or garble the console. Colour is used only when asked for
/// (see `shouldUseColour(environment:isTerminal:)`). Safe to call from concurrent tasks: every
/// call writes its lines in one piece.
public final class ConsoleReporter: Sendable {
    private let output: any ConsoleOutput
    private let style: ConsoleStyle
    private let quiet: Bool
    private let lock = Mutex(())

    /// `quiet`: no line for scenarios that passed or were skipped.
    public init(output: some ConsoleOutput, colour: Bool, quiet: Bool = false) {
        self.output = output
        self.style = ConsoleStyle(colour: colour)
        self.quiet = quiet
    }

    /// A reporter on standard output, coloured when standard output is a terminal and the
    /// environment allows it.
    public static func standard(environment: [String: String] = ProcessInfo.processInfo.environment) -> ConsoleReporter
    {
        let output = FileDescriptorOutput.standardOutput
        return ConsoleReporter(
            output: output,
            colour: shouldUseColour(environment: environment, isTerminal: output.isTerminal)
        )
    }

    /// Colour only on a terminal, when `NO_COLOR` is unset or empty (no-color.org) and `TERM`
    /// is not `dumb`.
    public static func shouldUseColour(environment: [String: String], isTerminal: Bool) -> Bool {
        guard isTerminal else { return false }
        if let noColour = environment["NO_COLOR"], !noColour.isEmpty { return false }
        if environment["TERM"] == "dumb" { return false }
        return true
    }

    /// One line: `PASS  id (12 ms)`, the label padded to five columns; failures and errors add
    /// their one-line message, skips their reason.
    /// `file` is the scenario's file; the line shows the scenario id, which already names it.
    public func scenarioFinished(_ scenario: ScenarioReport, file: FileReport) {
        if quiet, problem(of: scenario) == nil { return }
        var line = label(for: scenario.outcome) + " " + Self.clean(OneLine.joining(scenario.id))
        line += " (" + Seconds.milliseconds(scenario.duration) + " ms)"
        let note: String
        switch scenario.outcome {
        case .passed: note = ""
        case .failed(let failure), .errored(let failure): note = OneLine.from(Self.clean(failure.message))
        case .skipped(let reason): note = OneLine.from(Self.clean(reason))
        }
        if !note.isEmpty { line += ": " + note }
        emit(line + "\n")
    }

    /// The details of every failure and error, the wall time, then the summary line.
    public func runFinished(_ report: RunReport) {
        var text = ""
        let problems = report.files.flatMap { file in
            file.scenarios.compactMap { scenario in problem(of: scenario).map { (file, scenario, $0) } }
        }
        if !problems.isEmpty {
            text += "\n" + style.bold("Failures:") + "\n"
            for (file, scenario, failure) in problems {
                text += "\n" + label(for: scenario.outcome) + " " + Self.clean(OneLine.joining(scenario.id))
                text += " [" + Self.clean(failure.type.rawValue) + "]\n"
                let location = failure.location.flatMap { $0.isEmpty ? nil : $0 } ?? "\(file.path):\(scenario.line)"
                text += "  at " + Self.clean(OneLine.joining(location)) + "\n"
                let detail = Self.clean(failure.detail)
                if !detail.isEmpty {
                    for line in detail.split(separator: "\n", omittingEmptySubsequences: false) {
                        text += line.isEmpty ? "\n" : "  " + line + "\n"
                    }
                }
            }
        }
        let slowest = Self.slowest(report.scenarios)
        if !slowest.isEmpty {
            text += "\n" + style.bold("Slowest:") + "\n"
            for scenario in slowest {
                let seconds = String(format: "%6.2fs", Seconds.sanitized(scenario.duration))
                text += "  \(seconds)  " + Self.clean(OneLine.joining(scenario.id)) + Self.waiting(scenario) + "\n"
            }
        }
        let summary = report.summary
        let count = report.scenarios.count
        let seconds = String(format: "%.2f", Seconds.sanitized(report.duration))
        text += "\nRan \(count) \(count == 1 ? "scenario" : "scenarios") in \(seconds)s"
        let counts = OutcomeCounts(report.scenarios)
        if counts.errored > 0 {
            // The JUnit report tells failures from errors; the summary line below counts both as failed.
            text +=
                ": \(counts.failed) \(counts.failed == 1 ? "failure" : "failures"), \(counts.errored) \(counts.errored == 1 ? "error" : "errors")"
        }
        text += "\n"
        text += "\(summary.passed) passed, \(summary.failed) failed, \(summary.skipped) skipped\n"
        emit(text)
    }

    /// The five slowest scenarios of a run of more than ten (a shorter run shows every duration already).
    static func slowest(_ scenarios: [ScenarioReport]) -> [ScenarioReport] {
        guard scenarios.count > 10 else { return [] }
        return Array(scenarios.sorted { Seconds.sanitized($0.duration) > Seconds.sanitized($1.duration) }.prefix(5))
    }

    /// ` (6.80s of it waiting on the client's clock)`, when the client's waits took a hundredth of a second
    /// or more of real time.
    static func waiting(_ scenario: ScenarioReport) -> String {
        let seconds = Seconds.sanitized(scenario.clientWaits.inRealTime)
        guard seconds >= 0.01 else { return "" }
        return String(format: " (%.2fs of it waiting on the client's clock)", seconds)
    }

    private func emit(_ text: String) {
        lock.withLock { _ in output.write(text) }
    }

    private func label(for outcome: Outcome) -> String {
        switch outcome {
        case .passed: style.green("PASS") + " "
        case .failed: style.red("FAIL") + " "
        case .errored: style.red("ERROR")
        case .skipped: style.yellow("SKIP") + " "
        }
    }

    private func problem(of scenario: ScenarioReport) -> Failure? {
        switch scenario.outcome {
        case .failed(let failure), .errored(let failure): failure
        case .passed, .skipped: nil
        }
    }

    /// Terminal escapes removed; controls other than tab and newline shown as `\u{…}`.
    private static func clean(_ text: String) -> String {
        let normalised = TerminalEscapes.strip(text).replacingOccurrences(of: "\r\n", with: "\n")
        return VisibleEscapes.replacing(in: normalised) { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
    }
}

import Foundation
import Primitives
import Synchronization

/// Prints a run as it happens: one line per finished scenario, then the details of every failure
/// and error and a closing summary line in the words every report uses (`OutcomeCounts.summaryLine`:
/// `N passed, N failed, N errored, N expected failures, N skipped`). The summary stands alone on the last
/// line, so tools that look for that line find it; the line before says how many scenarios ran and how long
/// it took, or that the run was interrupted and after how many.
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
        case .expectedFailure(let actual, let listed):
            note = OneLine.from(Self.clean(JUnitReport.expectedFailureMessage(actual, listed)))
        case .skipped(let reason): note = OneLine.from(Self.clean(reason))
        }
        if !note.isEmpty { line += ": " + note }
        emit(line + "\n")
    }

    /// A run that a signal cut short: the signal's name, how many scenarios finished and how many there were.
    public struct Interruption: Sendable {
        public var signal: String
        public var finished: Int
        public var total: Int

        public init(signal: String, finished: Int, total: Int) {
            self.signal = signal
            self.finished = finished
            self.total = total
        }
    }

    /// The details of every failure and error, the wall time (or the interruption), then the summary line.
    public func runFinished(_ report: RunReport, interruption: Interruption? = nil) {
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
        text += Self.byReason(problems.map { $0.2 })
        let slowest = Self.slowest(report.scenarios)
        if !slowest.isEmpty {
            text += "\n" + style.bold("Slowest:") + "\n"
            for scenario in slowest {
                let seconds = String(format: "%6.2fs", Seconds.sanitized(scenario.duration))
                text += "  \(seconds)  " + Self.clean(OneLine.joining(scenario.id)) + Self.waiting(scenario) + "\n"
            }
        }
        let count = report.scenarios.count
        let seconds = String(format: "%.2f", Seconds.sanitized(report.duration))
        if let interruption {
            text +=
                "\nInterrupted by \(interruption.signal) after \(interruption.finished) of "
                + "\(Plural.count(interruption.total, "scenario")) in \(seconds)s: the rest are reported as not run.\n"
        } else if let reason = report.emptyReason, count == 0 {
            text += "\nRan no scenario: \(OneLine.from(Self.clean(reason)))\n"
        } else {
            text += "\nRan \(Plural.count(count, "scenario")) in \(seconds)s.\n"
        }
        if !report.staleEntries.isEmpty {
            text +=
                "\n" + style.bold("Stale entries of the expectations manifest (their pins were not checked):") + "\n"
            for entry in report.staleEntries { text += "  " + Self.clean(OneLine.from(entry.description)) + "\n" }
        }
        text += report.counts.summaryLine
        if !report.staleEntries.isEmpty {
            text += " (\(Plural.count(report.staleEntries.count, "stale entry", "stale entries")))"
        }
        emit(text + "\n")
    }

    /// With three failures or more of which some share a reason, the ten most frequent triage reasons (`TriageReason`) with their counts,
    /// so a run against a new peer reads as the few differences it found.
    static func byReason(_ failures: [Failure]) -> String {
        var counts: [String: Int] = [:]
        for failure in failures {
            counts[TriageReason.of(pin: failure.pin?.description, message: failure.message), default: 0] += 1
        }
        guard failures.count >= 3, counts.count < failures.count else { return "" }
        let top = counts.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(10)
        var text = "\nFailures by reason (\(Plural.count(counts.count, "reason"))):\n"
        for (reason, count) in top {
            text += String(format: "%5d × ", count) + clean(OneLine.from(reason)) + "\n"
        }
        if counts.count > top.count { text += "  … and \(counts.count - top.count) more\n" }
        return text
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
        case .expectedFailure: style.yellow("XFAIL")
        case .skipped: style.yellow("SKIP") + " "
        }
    }

    private func problem(of scenario: ScenarioReport) -> Failure? {
        scenario.outcome.isProblem ? scenario.outcome.failure : nil
    }

    /// Terminal escapes removed; controls other than tab and newline shown as `\u{…}`.
    private static func clean(_ text: String) -> String {
        let normalised = TerminalEscapes.strip(text).replacingOccurrences(of: "\r\n", with: "\n")
        return VisibleEscapes.replacing(in: normalised) { scalar in
            scalar == "\n" || scalar == "\t" || !(scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value))
        }
    }
}

import Foundation
import Primitives

/// Renders a `RunReport` as JUnit XML that validates against both `junit-10.xsd` (Jenkins xunit)
/// and the stricter Ant/windyroad `JUnit.xsd` (copies in `.ci/schemas/`).
///
/// Shape: a bare `<testsuites>`; one `<testsuite>` per scenario file (`name` = `package` = the file
/// name, `id` from 0, counts computed from the children, `time` = sum of its scenarios, `timestamp`
/// = run start in UTC without zone); inside, `<properties>` (`target`, `tool.version`, `path`, and
/// `outcomes`: the suite's counts in the console's words), one `<testcase>` per scenario (`classname` = file
/// name, `name` = scenario name) with at most one of `<failure>`, `<error>` or `<skipped>`, then
/// `<system-out>` holding every scenario's transcript under a `=== id: outcome` header (then its step times,
/// client waits and kept HTTP exchanges), and an empty `<system-err>`.
///
/// JUnit has no expected failure: one is a `<skipped>` whose message starts `expected failure` and names
/// the pin and the manifest's reason, with the actual failure's detail as its text; the suite's `skipped`
/// count includes them and its `outcomes` property tells them apart. A run with no scenario (an empty
/// selection) writes one suite without test cases whose `reason` property and `system-out` say why.
///
/// Text is made safe on the way out: terminal escape sequences are removed, characters XML 1.0
/// forbids become visible escapes (`\u{1B}`), `message` attributes hold one line of at most about
/// 500 characters (the full text is in the element body), and empty names become `(unnamed)`.
public enum JUnitReport {
    /// Stands in for a name that is empty once cleaned, since windyroad requires a non-empty name.
    public static let unnamedPlaceholder = "(unnamed)"

    /// `withLocations` adds `file` and `line` to every testcase, as GitHub's JUnit reporters read them;
    /// neither schema has those attributes, so the report is then valid for those reporters only.
    public static func render(_ report: RunReport, withLocations: Bool = false) -> String {
        var writer = XMLWriter(layout: .indented, clean: TerminalEscapes.strip)
        let timestamp = UTCTimestamp(report.startedAt).junit
        let hostname = nonEmpty(report.hostname, otherwise: "localhost")
        guard !report.files.isEmpty else {
            writer.open("testsuites")
            writeEmptySuite(report, timestamp: timestamp, hostname: hostname, to: &writer)
            writer.close("testsuites")
            return writer.document
        }
        writer.open("testsuites")
        for (index, file) in report.files.enumerated() {
            writeSuite(
                file, id: index, report: report, timestamp: timestamp, hostname: hostname, withLocations: withLocations,
                to: &writer)
        }
        writer.close("testsuites")
        return writer.document
    }

    /// The rendered document as UTF-8.
    public static func renderData(_ report: RunReport, withLocations: Bool = false) -> Data {
        Data(render(report, withLocations: withLocations).utf8)
    }

    /// The one suite of a run that ran nothing: zero tests, and why.
    private static func writeEmptySuite(
        _ report: RunReport, timestamp: String, hostname: String, to writer: inout XMLWriter
    ) {
        let reason = report.emptyReason ?? report.stopReason ?? "no scenario was run"
        writer.open(
            "testsuite",
            [
                ("name", "storage-conformance"), ("package", "storage-conformance"), ("id", "0"), ("tests", "0"),
                ("failures", "0"), ("errors", "0"), ("skipped", "0"), ("time", Seconds.formatted(0)),
                ("timestamp", timestamp), ("hostname", hostname),
            ])
        writer.open("properties")
        writer.empty("property", [("name", "target"), ("value", report.target)])
        writer.empty("property", [("name", "tool.version"), ("value", report.toolVersion)])
        writer.empty("property", [("name", "outcomes"), ("value", OutcomeCounts().summaryLine)])
        writer.empty("property", [("name", "reason"), ("value", OneLine.joining(XMLText.printable(reason)))])
        writer.close("properties")
        writer.element("system-out", text: reason + "\n")
        writer.empty("system-err")
        writer.close("testsuite")
    }

    private static func writeSuite(
        _ file: FileReport, id: Int, report: RunReport, timestamp: String, hostname: String, withLocations: Bool,
        to writer: inout XMLWriter
    ) {
        let name = nonEmpty(file.name, otherwise: unnamedPlaceholder)
        let counts = OutcomeCounts(file.scenarios)
        let time = file.scenarios.reduce(0) { $0 + Seconds.sanitized($1.duration) }
        writer.open(
            "testsuite",
            [
                ("name", name),
                ("package", name),
                ("id", String(id)),
                ("tests", String(counts.total)),
                ("failures", String(counts.failed)),
                ("errors", String(counts.errored)),
                ("skipped", String(counts.skipped + counts.expectedFailures)),
                ("time", Seconds.formatted(time)),
                ("timestamp", timestamp),
                ("hostname", hostname),
            ])
        writer.open("properties")
        writer.empty("property", [("name", "target"), ("value", report.target)])
        writer.empty("property", [("name", "tool.version"), ("value", report.toolVersion)])
        writer.empty("property", [("name", "path"), ("value", file.path)])
        writer.empty("property", [("name", "outcomes"), ("value", counts.summaryLine)])
        writer.close("properties")
        for scenario in file.scenarios {
            writeCase(scenario, classname: name, location: withLocations ? file.path : nil, to: &writer)
        }
        writer.element("system-out", text: transcripts(of: file.scenarios))
        writer.empty("system-err")
        writer.close("testsuite")
    }

    private static func writeCase(
        _ scenario: ScenarioReport, classname: String, location: String?, to writer: inout XMLWriter
    ) {
        var attributes = [
            ("name", nonEmpty(scenario.name, otherwise: nonEmpty(scenario.id, otherwise: unnamedPlaceholder))),
            ("classname", classname),
            ("time", Seconds.formatted(scenario.duration)),
        ]
        if let location { attributes += [("file", location), ("line", String(scenario.line))] }
        switch scenario.outcome {
        case .passed:
            writer.empty("testcase", attributes)
        case .failed(let failure):
            writer.open("testcase", attributes)
            writeProblem("failure", failure, to: &writer)
            writer.close("testcase")
        case .errored(let failure):
            writer.open("testcase", attributes)
            writeProblem("error", failure, to: &writer)
            writer.close("testcase")
        case .expectedFailure(let actual, let listed):
            writer.open("testcase", attributes)
            writer.element(
                "skipped", [("message", OneLine.from(XMLText.printable(expectedFailureMessage(actual, listed))))],
                text: "\(actual.type.rawValue): \(actual.message)\n\n\(actual.detail)")
            writer.close("testcase")
        case .skipped(let reason):
            writer.open("testcase", attributes)
            writer.empty("skipped", [("message", OneLine.from(XMLText.printable(reason)))])
            writer.close("testcase")
        }
    }

    private static func writeProblem(
        _ element: String, _ failure: Failure, to writer: inout XMLWriter
    ) {
        var message = OneLine.from(XMLText.printable(failure.message))
        if message.isEmpty { message = OneLine.from(XMLText.printable(failure.detail)) }
        var body = failure.detail
        if let location = failure.location, !location.isEmpty {
            if !body.isEmpty, !body.hasSuffix("\n") { body += "\n" }
            body += "at " + location
        }
        writer.element(
            element,
            [
                ("type", failure.type.rawValue),
                ("message", message),
            ], text: body)
    }

    private static func transcripts(of scenarios: [ScenarioReport]) -> String {
        var text = ""
        for scenario in scenarios {
            text += "=== " + OneLine.joining(scenario.id) + ": " + outcomeWord(scenario.outcome) + "\n"
            text += scenario.transcript
            if !scenario.transcript.isEmpty, !scenario.transcript.hasSuffix("\n") { text += "\n" }
            if !scenario.steps.isEmpty {
                text +=
                    "step times:"
                    + scenario.steps.map { " \($0.verb)@\($0.line) \(Seconds.formatted($0.duration))s" }.joined() + "\n"
            }
            let waits = scenario.clientWaits
            if Seconds.sanitized(waits.total) > 0 {
                text +=
                    "client waits: \(Seconds.formatted(waits.total))s on its clock, "
                    + "\(Seconds.formatted(waits.inRealTime))s of them in real time\n"
            }
            text += exchanges(of: scenario)
        }
        return text
    }

    /// The scenario's kept HTTP exchanges under a `HTTP exchanges:` line, each followed by a blank line; empty
    /// when it kept none.
    private static func exchanges(of scenario: ScenarioReport) -> String {
        let trace = scenario.exchanges
        guard !trace.isEmpty else { return "" }
        var text = "HTTP exchanges"
        if trace.dropped > 0 { text += " (\(Plural.count(trace.dropped, "earlier one")) not kept)" }
        text += ":\n"
        for exchange in trace.exchanges { text += exchange + "\n\n" }
        return text
    }

    private static func outcomeWord(_ outcome: Outcome) -> String {
        switch outcome {
        case .expectedFailure: "expected failure"
        default: JSONReport.word(outcome)
        }
    }

    /// `expected failure (step 4 (line 42) list: ListMismatch): the manifest's reason`.
    static func expectedFailureMessage(_ actual: Failure, _ listed: ListedFailure) -> String {
        "expected failure (\((actual.pin ?? listed.pin)?.description ?? actual.type.rawValue)): \(listed.reason)"
    }

    /// `text` cleaned and on one line, or `fallback` when nothing visible is left.
    private static func nonEmpty(_ text: String, otherwise fallback: String) -> String {
        let cleaned = OneLine.joining(XMLText.printable(text))
        return cleaned.isEmpty ? fallback : cleaned
    }
}

import Foundation

/// Failures and errors as GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), so
/// that a failing scenario shows on the line of the scenario file in the pull request.
public enum GitHubAnnotations {
    /// One `::error` line per failed or errored scenario; empty when everything passed.
    public static func render(_ report: RunReport) -> String {
        var text = ""
        for file in report.files {
            for scenario in file.scenarios {
                guard scenario.outcome.isProblem, let failure = scenario.outcome.failure else { continue }
                let (path, line) = place(of: failure, in: file, scenario: scenario)
                let title = "\(failure.type.rawValue): \(scenario.id)"
                text +=
                    "::error file=\(property(path)),line=\(line),title=\(property(title))::\(data(failure.message))\n"
            }
        }
        return text
    }

    /// The failing step's `FILE:LINE` when the failure names it, else the scenario's own line.
    private static func place(of failure: Failure, in file: FileReport, scenario: ScenarioReport) -> (String, Int) {
        if let location = failure.location, let colon = location.lastIndex(of: ":"),
            let line = Int(location[location.index(after: colon)...].prefix { $0.isNumber })
        {
            var path = location[..<colon]
            // `FILE:LINE:COLUMN`: the number before the last colon is the line.
            if let inner = path.lastIndex(of: ":"), let innerLine = Int(path[path.index(after: inner)...]) {
                path = path[..<inner]
                return (String(path), innerLine)
            }
            return (String(path), line)
        }
        return (file.path, scenario.line)
    }

    /// A message: `%`, CR and LF escaped as the runner expects.
    static func data(_ text: String) -> String {
        text.replacingOccurrences(of: "%", with: "%25").replacingOccurrences(of: "\r", with: "%0D")
            .replacingOccurrences(of: "\n", with: "%0A")
    }

    /// A property value: also `:` and `,`, which separate properties.
    static func property(_ text: String) -> String {
        data(text).replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
    }
}

import Foundation

/// Failures and errors as GitHub Actions workflow commands (`::error file=…,line=…,title=…::message`), so
/// that a failing scenario shows on the line of the scenario file in the pull request.
public enum GitHubAnnotations {
    /// One `::error` line per failed or errored scenario; empty when everything passed. With `workspace` (the
    /// user's checkout, `GITHUB_WORKSPACE`), a file inside it is named relative to it, as GitHub places
    /// annotations; a relative path is first read from `currentDirectory`.
    public static func render(
        _ report: RunReport, workspace: String? = nil,
        currentDirectory: String = FileManager.default.currentDirectoryPath
    ) -> String {
        var text = ""
        for file in report.files {
            for scenario in file.scenarios {
                guard scenario.outcome.isProblem, let failure = scenario.outcome.failure else { continue }
                var (path, line) = place(of: failure, in: file, scenario: scenario)
                if let workspace { path = relative(path, to: workspace, from: currentDirectory) }
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

    /// `path` relative to `workspace` when it lies inside it; else unchanged.
    static func relative(_ path: String, to workspace: String, from currentDirectory: String) -> String {
        let absolute = path.hasPrefix("/") ? path : currentDirectory + "/" + path
        let file = URL(fileURLWithPath: absolute).standardizedFileURL.path
        var root = URL(fileURLWithPath: workspace).standardizedFileURL.path
        if !root.hasSuffix("/") { root += "/" }
        return file.hasPrefix(root) ? String(file.dropFirst(root.count)) : path
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

import Foundation
import Primitives
import Reports

/// `report`: reads JSON results, merges the shards of each label, and writes the compatibility matrix or
/// the merged report.
struct ReportCommand: ToolCommand {
    static let spec = CommandTable.report
    let tool: CommandLineTool

    func run(_ options: ArgumentList) throws(ArgumentList.Problem) -> Int32 {
        guard !options.positionals.isEmpty else {
            throw ArgumentList.Problem(description: "report needs at least one RESULTS.json (from run --json)")
        }
        var labels: [String] = []
        var byLabel: [String: [ShardMerge.Input]] = [:]
        for argument in options.positionals {
            let (label, path) = Self.split(argument)
            let report: RunReport
            do {
                let data = try Data(contentsOf: URL(fileURLWithPath: path))
                report = try JSONReportReader.read(data, path: path)
            } catch let problem as JSONReportReader.Problem {
                tool.complain(problem.description)
                return 2
            } catch {
                tool.complain("\(path): cannot read it (\(error.localizedDescription))")
                return 2
            }
            let name = label ?? report.target
            if byLabel[name] == nil { labels.append(name) }
            byLabel[name, default: []].append((path, report))
        }
        var runs: [(label: String, report: RunReport)] = []
        for label in labels {
            do {
                runs.append((label, try ShardMerge.merge(byLabel[label] ?? [])))
            } catch {
                tool.complain("\(label): \(error.description)")
                return 2
            }
        }
        let merged = options[ReportOptions.merged]
        if let merged {
            guard runs.count == 1 else {
                throw ArgumentList.Problem(
                    description: "--merged needs shards of one run, but the inputs have \(runs.count) labels")
            }
            guard write(JSONReport.render(runs[0].report), to: merged) else { return 2 }
        }
        let matrix = CompatibilityMatrix(runs)
        var wrote = merged != nil
        for (option, render) in renderers(options) {
            guard let path = options[option] else { continue }
            guard write(Data(render(matrix, path).utf8), to: path) else { return 2 }
            wrote = true
        }
        if !wrote { tool.output.write(MatrixMarkdown.render(matrix)) }
        var status: Int32 = 0
        let minimum = options[ReportOptions.minExecuted]
        for column in matrix.columns {
            let totals = matrix.totals(column)
            if totals.failed + totals.errored > 0 {
                tool.complain("\(column.label): \(totals.summaryLine)")
                status = 1
            }
            if totals.executed < minimum {
                tool.complain(
                    "\(column.label): \(Plural.count(totals.executed, "scenario")) executed, fewer than \(minimum)")
                status = 1
            }
        }
        return status
    }

    /// Each output option with what it writes; the HTML links files relative to where it is written.
    private func renderers(_ options: ArgumentList) -> [(Option<String>, (CompatibilityMatrix, String) -> String)] {
        let prefix = options[ReportOptions.sourceLink]
        return [
            (ReportOptions.markdown, { matrix, _ in MatrixMarkdown.render(matrix) }),
            (
                ReportOptions.html,
                { matrix, page in
                    MatrixHTML.render(matrix, sources: prefix == nil ? Self.scenarioFiles(matrix) : [:]) { path, line in
                        (prefix.map { $0 + path } ?? RelativePath.from(folderOf: page, to: path)) + "#L\(line)"
                    }
                }
            ),
            (ReportOptions.summary, { matrix, _ in MatrixMarkdown.summary(matrix) }),
        ]
    }

    /// The scenario files the matrix's rows name, as the runs gave their paths (relative to where `report` runs),
    /// for the HTML page to embed; one that cannot be read, or is over 1 MiB, is linked instead.
    private static func scenarioFiles(_ matrix: CompatibilityMatrix) -> [String: String] {
        var files: [String: String] = [:]
        for path in Set(matrix.rows.map(\.path)) {
            guard let size = (try? FileManager.default.attributesOfItem(atPath: path))?[.size] as? Int,
                size <= 1 << 20, let data = FileManager.default.contents(atPath: path),
                let text = String(data: data, encoding: .utf8)
            else { continue }
            files[path] = text
        }
        return files
    }

    /// `LABEL=FILE` or `FILE`; a `=` in a path that exists is part of the path.
    private static func split(_ argument: String) -> (label: String?, path: String) {
        guard let equals = argument.firstIndex(of: "="), !FileManager.default.fileExists(atPath: argument) else {
            return (nil, argument)
        }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private func write(_ data: Data, to path: String) -> Bool {
        do {
            try AtomicFile.write(data, to: path)
            return true
        } catch {
            tool.complain("cannot write \(path): \(error)")
            return false
        }
    }
}

/// A path as seen from another file's folder, for links between files of a checkout.
enum RelativePath {
    /// `../Scenarios/a.yaml` for `Scenarios/a.yaml` seen from `reports/matrix.html`; `path` itself when it is
    /// absolute and the page's folder shares nothing with it but the root.
    static func from(folderOf page: String, to path: String) -> String {
        let base = URL(fileURLWithPath: page).standardizedFileURL.deletingLastPathComponent().pathComponents
        let target = URL(fileURLWithPath: path).standardizedFileURL.pathComponents
        var common = 0
        while common < base.count, common < target.count, base[common] == target[common] { common += 1 }
        guard common > 1 || !path.hasPrefix("/") else { return path }
        let up = Array(repeating: "..", count: base.count - common)
        return (up + target[common...]).joined(separator: "/")
    }
}

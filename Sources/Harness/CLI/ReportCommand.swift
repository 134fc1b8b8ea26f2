import Foundation
import Primitives

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
        var byLabel: [String: [RunReport]] = [:]
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
            byLabel[name, default: []].append(report)
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
        if let merged = options.value("--merged") {
            guard runs.count == 1 else {
                throw ArgumentList.Problem(
                    description: "--merged needs shards of one run, but the inputs have \(runs.count) labels")
            }
            guard write(JSONReport.render(runs[0].report), to: merged) else { return 2 }
        }
        let matrix = CompatibilityMatrix(runs)
        var minimum = 0
        if let text = options.value("--min-executed") {
            guard let number = Int(text), number >= 0 else {
                throw ArgumentList.Problem(description: "--min-executed must be a whole number, not \(text)")
            }
            minimum = number
        }
        let outputs: [(option: String, render: (CompatibilityMatrix) -> String)] = [
            ("--markdown", MatrixMarkdown.render), ("--html", MatrixHTML.render), ("--summary", MatrixMarkdown.summary),
        ]
        var wrote = options.value("--merged") != nil
        for output in outputs {
            guard let path = options.value(output.option) else { continue }
            guard write(Data(output.render(matrix).utf8), to: path) else { return 2 }
            wrote = true
        }
        if !wrote { tool.output.write(MatrixMarkdown.render(matrix)) }
        var status: Int32 = 0
        for column in matrix.columns {
            let totals = matrix.totals(column)
            if totals.failed + totals.errored > 0 {
                tool.complain("\(column.label): \(totals.failed) failed, \(totals.errored) errored")
                status = 1
            }
            if totals.executed < minimum {
                tool.complain("\(column.label): \(totals.executed) scenarios executed, fewer than \(minimum)")
                status = 1
            }
        }
        return status
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

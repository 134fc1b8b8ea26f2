import Foundation

/// Puts the reports of one suite run in shards (`--shard 1/N` … `N/N`) back together: the same files and
/// scenarios, in the same order, as one unsharded run would report. The reports say which shard they are
/// (their `selection`), so a shard missing or given twice is refused by name rather than merged into a
/// report that looks whole.
public enum ShardMerge {
    /// Why reports cannot be merged.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// One report and the file it was read from, for messages.
    public typealias Input = (path: String, report: RunReport)

    public static func merge(_ inputs: [Input]) throws(Problem) -> RunReport {
        guard let first = inputs.first else { throw Problem(description: "no reports to merge") }
        try checkShards(inputs)
        var files: [String: FileReport] = [:]
        var seen: [String: String] = [:]
        for (path, report) in inputs {
            guard report.target == first.report.target else {
                throw Problem(
                    description:
                        "shards of one run share a target, but \(first.path) ran on \(first.report.target) and "
                        + "\(path) on \(report.target)")
            }
            for file in report.files {
                for scenario in file.scenarios {
                    if let other = seen[scenario.id] {
                        throw Problem(
                            description: other == path
                                ? "\(scenario.id) is listed twice in \(path): a report lists each scenario once"
                                : "\(scenario.id) is in both \(other) and \(path): they are not shards of one run")
                    }
                    seen[scenario.id] = path
                }
                files[file.name, default: FileReport(name: file.name, path: file.path, scenarios: [])].scenarios
                    .append(contentsOf: file.scenarios)
            }
        }
        if inputs.count == 1 { return first.report }
        let merged = files.values.sorted { $0.name < $1.name }.map { file in
            FileReport(name: file.name, path: file.path, scenarios: file.scenarios.sorted { $0.line < $1.line })
        }
        let reports = inputs.map(\.report)
        let starts = reports.map(\.startedAt)
        let ends = reports.map { $0.startedAt.addingTimeInterval($0.duration) }
        let startedAt = starts.min() ?? first.report.startedAt
        let stops = reports.compactMap(\.stopReason)
        return RunReport(
            target: first.report.target, toolVersion: first.report.toolVersion, hostname: first.report.hostname,
            startedAt: startedAt, duration: (ends.max() ?? startedAt).timeIntervalSince(startedAt), files: merged,
            selection: first.report.selection.unsharded, stopReason: stops.isEmpty ? nil : stops.joined(separator: "; ")
        )
    }

    /// Every input is a shard of one N, with the same selection otherwise, and each of 1…N is there once.
    private static func checkShards(_ inputs: [Input]) throws(Problem) {
        let sharded = inputs.filter { $0.report.selection.shard != nil }
        guard !sharded.isEmpty else {
            guard inputs.count > 1 else { return }
            let paths = inputs.map(\.path)
            throw Problem(
                description:
                    "\(paths.joined(separator: " and ")) are \(inputs.count) runs of \(inputs[0].report.target), not "
                    + "shards of one run: give each a label, e.g. "
                    + paths.enumerated().map { "run\($0 + 1)=\($1)" }.joined(separator: " "))
        }
        if let whole = inputs.first(where: { $0.report.selection.shard == nil }) {
            throw Problem(description: "\(whole.path) is a whole run, but \(sharded[0].path) is a shard: not one run")
        }
        let count = sharded[0].report.selection.shard?.count ?? 1
        var byIndex: [Int: [String]] = [:]
        for (path, report) in sharded {
            guard let shard = report.selection.shard, shard.count == count else {
                throw Problem(
                    description: "\(path) is shard \(report.selection.shard?.description ?? "?"), but "
                        + "\(sharded[0].path) is one of \(count): shards of one run split it the same way")
            }
            guard report.selection.unsharded == sharded[0].report.selection.unsharded else {
                throw Problem(
                    description: "\(path) selected other scenarios than \(sharded[0].path) (tags or filters differ)")
            }
            byIndex[shard.index, default: []].append(path)
        }
        for index in 1...count {
            let paths = byIndex[index] ?? []
            if paths.isEmpty {
                throw Problem(description: "shard \(index)/\(count) is missing (every shard of the run is needed)")
            }
            if paths.count > 1 {
                throw Problem(
                    description:
                        "shard \(index)/\(count) is given \(paths.count) times (\(paths.joined(separator: ", ")))")
            }
        }
    }
}

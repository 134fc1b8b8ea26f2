import Foundation

/// Puts the reports of one suite run in shards (`--shard 1/N` … `N/N`) back together: the same files and
/// scenarios, in the same order, as one unsharded run would report.
public enum ShardMerge {
    /// Why reports cannot be merged.
    public struct Problem: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    public static func merge(_ reports: [RunReport]) throws(Problem) -> RunReport {
        guard let first = reports.first else { throw Problem(description: "no reports to merge") }
        var files: [String: FileReport] = [:]
        var seen: [String: Int] = [:]
        for (index, report) in reports.enumerated() {
            guard report.target == first.target else {
                throw Problem(
                    description:
                        "shards of one run share a target, but these ran on \(first.target) and \(report.target)")
            }
            for file in report.files {
                for scenario in file.scenarios {
                    guard let earlier = seen.updateValue(index, forKey: scenario.id) else { continue }
                    throw Problem(
                        description: earlier == index
                            ? "\(scenario.id) is listed twice in one report: a report lists each scenario once"
                            : "\(scenario.id) is in two of the reports: they are not shards of one run")
                }
                files[file.name, default: FileReport(name: file.name, path: file.path, scenarios: [])].scenarios
                    .append(contentsOf: file.scenarios)
            }
        }
        let merged = files.values.sorted { $0.name < $1.name }.map { file in
            FileReport(name: file.name, path: file.path, scenarios: file.scenarios.sorted { $0.line < $1.line })
        }
        let starts = reports.map(\.startedAt)
        let ends = reports.map { $0.startedAt.addingTimeInterval($0.duration) }
        let startedAt = starts.min() ?? first.startedAt
        return RunReport(
            target: first.target, toolVersion: first.toolVersion, hostname: first.hostname, startedAt: startedAt,
            duration: (ends.max() ?? startedAt).timeIntervalSince(startedAt), files: merged)
    }
}

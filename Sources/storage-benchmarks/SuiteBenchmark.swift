import Foundation
import Harness
import Runner
import ScenarioLanguage
import Targets

/// The bundled suite in process against the reference: scenarios per second.
enum SuiteBenchmark {
    static func run(path: String, iterations: Int) {
        let loaded = ScenarioLoader(root: nil).load([path])
        guard !loaded.hasErrors else {
            print("the scenarios at \(path) have errors; run storage-conformance lint")
            exit(2)
        }
        let count = loaded.files.reduce(0) { $0 + $1.scenarios.count }
        let ids = Set(loaded.files.flatMap { $0.scenarios.map(\.id) })
        for jobs in [1, ProcessInfo.processInfo.activeProcessorCount] {
            let runner = ScenarioRunner(target: ReferenceTarget(), jobs: jobs, toolVersion: ToolVersion.current)
            var failed = 0
            let timing = Stopwatch.best(of: iterations) {
                let counts = runner.run(loaded.files, allIDs: ids).counts
                failed = counts.failed + counts.errored
            }
            print(
                String(
                    format: "%d scenarios, --jobs %d: best %@, median %@ (%.0f scenarios/s)%@", count, jobs,
                    Stopwatch.format(timing.best), Stopwatch.format(timing.median), Double(count) / timing.best,
                    failed == 0 ? "" : ", \(failed) FAILED"))
        }
    }
}

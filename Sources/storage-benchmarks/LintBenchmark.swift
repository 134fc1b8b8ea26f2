import Foundation
import Harness
import ScenarioLanguage
import YAMLReader

/// Reading one scenario file: the YAML parser alone, and the whole lint (parse + check every scenario).
enum LintBenchmark {
    static func run(path: String, iterations: Int) {
        guard let data = FileManager.default.contents(atPath: path) else {
            print("cannot read \(path)")
            exit(2)
        }
        let megabytes = Double(data.count) / 1e6
        let bytes = [UInt8](data)
        var documents = 0
        let parse = Stopwatch.best(of: iterations) {
            documents = (try? YAMLParser.parse(SourceFile(path: path, bytes: bytes)))?.count ?? -1
        }
        var scenarios = 0
        var problems = 0
        let lint = Stopwatch.best(of: iterations) {
            let result = ScenarioLoader(root: nil).load([path])
            scenarios = result.files.reduce(0) { $0 + $1.scenarios.count }
            problems = result.diagnostics.count
        }
        print(
            String(
                format: "%@: %.2f MB, %d documents, %d scenarios, %d diagnostics", path, megabytes, documents,
                scenarios, problems))
        print(
            String(
                format: "  YAML parse:  best %@, median %@ (%.0f MB/s)", Stopwatch.format(parse.best),
                Stopwatch.format(parse.median), megabytes / parse.best))
        print(
            String(
                format: "  full lint:   best %@, median %@ (%.0f MB/s)", Stopwatch.format(lint.best),
                Stopwatch.format(lint.median), megabytes / lint.best))
    }
}

import Foundation
import Harness
import Testing

/// A results file's numbers are read with their range checked: `report` and `run --rerun-failed` refuse a
/// line they cannot hold with exit 2 and the place in the file, and never trap (issue 25, point 6).
@Suite("results files: numbers at their extremes")
struct ResultsNumbersTests {
    /// A results file of the sample suite whose first `"line": N` reads `"line": <line>` instead.
    private func results(in folder: TemporaryFolder, line: String) throws -> String {
        try SampleScenarios.writeSuite(in: folder)
        _ = ToolRun(["run", folder.path("Scenarios"), "--json", folder.path("r.json"), "--quiet"])
        let text = try #require(folder.read("r.json"))
        let range = try #require(text.range(of: #""line": [0-9]+"#, options: .regularExpression))
        return try folder.write("edited.json", text.replacingCharacters(in: range, with: "\"line\": \(line)"))
    }

    @Test(arguments: [
        "1e19", "-1", "9007199254740993", "9223372036854775807", "18446744073709551616", "2.5", "1e400",
        String(repeating: "9", count: 5000),
    ])
    func aLineOutOfRangeIsRefusedByBothReaders(_ line: String) throws {
        let folder = try TemporaryFolder()
        let path = try results(in: folder, line: line)
        let report = ToolRun(["report", path])
        #expect(report.code == 2, "\(report.both)")
        #expect(report.errors.contains("edited.json: files[0].scenarios[0]: \"line\" must be a whole number"))
        let rerun = ToolRun(["run", folder.path("Scenarios"), "--rerun-failed", path])
        #expect(rerun.code == 2, "\(rerun.both)")
        #expect(rerun.errors.contains("\"line\" must be a whole number"))
    }

    @Test(arguments: ["0", "2147483647"])
    func aLineInRangeIsRead(_ line: String) throws {
        let folder = try TemporaryFolder()
        let path = try results(in: folder, line: line)
        #expect(ToolRun(["report", path]).code != 2)
    }
}

import Foundation
import Harness
import Reports
import Testing

/// `run --trace`: a passing scenario keeps the HTTP exchanges of its steps in the JSON report and the JUnit
/// system-out (which still validates); without it, only a scenario with a failure keeps them.
@Suite("run --trace")
struct TraceOptionTests {
    static let scenarios = """
        scenario: uploads a file
        steps:
          - put: a.txt
            data: { text: hello }
            expect: { metadata: { size: 5 } }
        ---
        scenario: expects a file that is not there
        steps:
          - getMetadata: missing.txt
        """

    /// The written reports of one run of the two scenarios against the reference served over HTTP.
    struct Written {
        var code: Int32
        var scenarios: [[String: Any]]
        var junit: String
        var junitPath: String
    }

    static func run(_ extra: [String]) throws -> Written {
        let (server, url) = try HTTPRunTests.serve()
        defer { server.stop() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appendingPathComponent("traced.yaml")
        try Data(scenarios.utf8).write(to: file)
        let junit = folder.appendingPathComponent("junit.xml").path
        let json = folder.appendingPathComponent("run.json").path
        let output = CapturedConsoleOutput()
        let tool = CommandLineTool(environment: [:], output: output, errors: output, outputIsTerminal: false)
        let code = tool.run(
            ["run", file.path, "--target", url.absoluteString, "--junit", junit, "--json", json] + extra)
        let object = try JSONSerialization.jsonObject(with: try Data(contentsOf: URL(fileURLWithPath: json)))
        let files = try #require((object as? [String: Any])?["files"] as? [[String: Any]])
        let text = try String(contentsOfFile: junit, encoding: .utf8)
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("trace-\(UUID().uuidString).xml")
        try Data(text.utf8).write(to: kept)
        return Written(
            code: code, scenarios: files.flatMap { $0["scenarios"] as? [[String: Any]] ?? [] }, junit: text,
            junitPath: kept.path)
    }

    /// The section of the JUnit system-out under `=== ID: outcome`, up to the next header.
    static func section(_ junit: String, id: String) throws -> String {
        let start = try #require(junit.range(of: "=== \(id): "))
        let rest = junit[start.upperBound...]
        return String(rest[..<(rest.range(of: "=== ")?.lowerBound ?? rest.endIndex)])
    }

    @Test func aPassingScenarioKeepsItsExchangesInJSONAndJUnit() throws {
        let written = try Self.run(["--trace"])
        defer { try? FileManager.default.removeItem(atPath: written.junitPath) }
        #expect(written.code == 1)
        let passing = try #require(written.scenarios.first { $0["outcome"] as? String == "passed" })
        let exchanges = try #require(passing["exchanges"] as? [String])
        #expect(exchanges.contains { $0.hasPrefix("> POST http://127.0.0.1:") && $0.contains("\n< 200") })
        #expect(passing["exchangesDropped"] as? Int == 0)
        let section = try Self.section(written.junit, id: "traced/uploads-a-file")
        #expect(section.hasPrefix("passed\n"))
        #expect(section.contains("HTTP exchanges:\n&gt; POST http://127.0.0.1:"), "\(section)")
        let failing = try #require(written.scenarios.first { $0["outcome"] as? String == "failed" })
        #expect((failing["exchanges"] as? [String])?.last?.contains("< 404") == true)
        if JUnitSchemaValidator.isAvailable {
            let problems = try JUnitSchemaValidator.problems(in: [written.junitPath])
            #expect(problems[written.junitPath] == [], "\(problems)")
        }
    }

    @Test func withoutTraceOnlyTheFailingScenarioKeepsItsExchanges() throws {
        let written = try Self.run([])
        defer { try? FileManager.default.removeItem(atPath: written.junitPath) }
        let passing = try #require(written.scenarios.first { $0["outcome"] as? String == "passed" })
        #expect(passing["exchanges"] as? [String] == [])
        #expect(try !Self.section(written.junit, id: "traced/uploads-a-file").contains("HTTP exchanges:"))
        let failing = try #require(written.scenarios.first { $0["outcome"] as? String == "failed" })
        let exchanges = try #require(failing["exchanges"] as? [String])
        #expect(exchanges.last?.contains("/o/missing.txt") == true && exchanges.last?.contains("< 404") == true)
        #expect(
            try Self.section(written.junit, id: "traced/expects-a-file-that-is-not-there").contains("HTTP exchanges:"))
    }
}

import Foundation
import Harness
import Reports
import Testing

/// Runs the rendered reports through independent validators (Python `xmlschema` against both
/// XSDs in `.ci/schemas/`, plus `xml.etree` and `lxml` parsing). Skipped where xmlschema is
/// not installed; CI installs it.
@Suite(
    "JUnit schema validation",
    .enabled(if: JUnitSchemaValidator.isAvailable, JUnitSchemaValidator.unavailableMessage)
)
struct JUnitSchemaValidationTests {
    private func validate(_ documents: [String: String]) throws -> [String: [String]] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("junit-docs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        var paths: [String: String] = [:]
        for (name, text) in documents {
            let path = directory.appendingPathComponent(name + ".xml").path
            try Data(text.utf8).write(to: URL(fileURLWithPath: path))
            paths[path] = name
        }
        let problems = try JUnitSchemaValidator.problems(in: Array(paths.keys))
        return Dictionary(uniqueKeysWithValues: problems.compactMap { path, list in paths[path].map { ($0, list) } })
    }

    @Test func renderedReportsValidateAgainstBothSchemas() throws {
        var oneEmptyFile = ReportFixtures.emptyRun
        oneEmptyFile.files = [FileReport(name: "", path: "", scenarios: [])]
        let documents = [
            "mixed": JUnitReport.render(ReportFixtures.mixed),
            "hostile": JUnitReport.render(ReportFixtures.hostile),
            "empty-run": JUnitReport.render(ReportFixtures.emptyRun),
            "empty-file": JUnitReport.render(oneEmptyFile),
        ]
        let problems = try validate(documents)
        #expect(problems.keys.sorted() == documents.keys.sorted())
        for (name, list) in problems {
            #expect(list.isEmpty, "\(name): \(list.joined(separator: "\n"))")
        }
    }

    @Test func validatorRejectsDocumentsThatBreakEachCheck() throws {
        let valid = JUnitReport.render(ReportFixtures.mixed)
        let documents = [
            "named-root": valid.replacingOccurrences(of: "<testsuites>", with: "<testsuites name=\"all\">"),
            "zoned-timestamp": valid.replacingOccurrences(of: "2024-02-29T13:05:09\"", with: "2024-02-29T13:05:09Z\""),
            "four-decimals": valid.replacingOccurrences(of: "time=\"1.266\"", with: "time=\"1.2663\""),
            "escape-reference": valid.replacingOccurrences(
                of: "connection refused", with: "connection &#27;[31m refused"),
        ]
        let problems = try validate(documents)
        #expect(problems["named-root"]?.contains { $0.hasPrefix("windyroad:") } == true)
        #expect(problems["zoned-timestamp"]?.contains { $0.hasPrefix("windyroad:") } == true)
        #expect(problems["four-decimals"]?.contains { $0.hasPrefix("junit-10:") } == true)
        #expect(problems["escape-reference"]?.contains { $0.hasPrefix("xml.etree:") } == true)
    }
}

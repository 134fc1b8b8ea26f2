import Foundation
import Testing

/// Every ```yaml block in docs/ that is a scenario file (it starts with `scenario:`) lints clean and passes
/// against the reference, so the examples people copy cannot drift from the language. The other yaml blocks
/// are CI workflows and manifests.
@Suite("documentation examples")
struct DocumentationExampleTests {
    private static let docs = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs")

    /// (document name, block index, text) of every yaml block that is a scenario file.
    static func blocks() throws -> [(String, Int, String)] {
        let names = try FileManager.default.contentsOfDirectory(atPath: docs.path).filter { $0.hasSuffix(".md") }
            .sorted()
        var result: [(String, Int, String)] = []
        for name in names {
            let text = try String(contentsOf: docs.appendingPathComponent(name), encoding: .utf8)
            let parts = text.components(separatedBy: "```yaml\n").dropFirst()
            for (index, part) in parts.enumerated() {
                guard let end = part.range(of: "```"), part.hasPrefix("scenario:") else { continue }
                result.append((name, index, String(part[..<end.lowerBound])))
            }
        }
        return result
    }

    @Test func everyExampleLintsAndPasses() throws {
        let blocks = try Self.blocks()
        #expect(blocks.count >= 16)
        let folder = try TemporaryFolder()
        for (name, index, text) in blocks {
            try folder.write("Scenarios/\(name.dropLast(3))/example-\(index).yaml", text)
        }
        let lint = ToolRun(["lint", folder.path("Scenarios")])
        #expect(lint.code == 0 && !lint.errors.contains("warning"), "\(lint.both)")
        let run = ToolRun(["run", folder.path("Scenarios"), "--junit", folder.path("junit.xml")])
        #expect(run.code == 0, "\(run.both)")
    }
}

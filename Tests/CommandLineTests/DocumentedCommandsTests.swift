import Foundation
import Testing

/// The synopsis in `docs/command-line.md` is the one `--help` derives from the command specs, line for line,
/// so the documentation cannot drift from the parser.
@Suite("Documented commands")
struct DocumentedCommandsTests {
    private static let commandLineDoc = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("docs/command-line.md")

    /// The lines of the first ```sh block under `## Synopsis`.
    private static func commandBlock() throws -> [String] {
        let text = try String(contentsOf: commandLineDoc, encoding: .utf8)
        let section = try #require(text.range(of: "## Synopsis\n"))
        let rest = text[section.upperBound...]
        let open = try #require(rest.range(of: "```sh\n"))
        let close = try #require(rest[open.upperBound...].range(of: "```"))
        return rest[open.upperBound..<close.lowerBound].split(separator: "\n").map(String.init)
    }

    @Test func theDocumentedSynopsisIsTheSynopsisOfHelp() throws {
        let help = ToolRun(["--help"]).output
        let usage = try #require(
            help.components(separatedBy: "USAGE:\n").dropFirst().first?.components(separatedBy: "\n\n").first)
        let synopsis = usage.split(separator: "\n").map { String($0.dropFirst(2)) }
        #expect(try Self.commandBlock() == synopsis)
    }

    /// Every option a command accepts is in its help, and nothing else is.
    @Test(arguments: ["run", "lint", "list", "serve"])
    func everyOptionInHelpIsAccepted(_ command: String) {
        let help = ToolRun([command, "--help"]).output
        let options = Set(
            help.split(separator: "\n").compactMap { line -> String? in
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("--"), line.hasPrefix("  --") else { return nil }
                return String(trimmed.prefix { $0 != " " && $0 != "," })
            })
        #expect(!options.isEmpty)
        for option in options where option != "--help" {
            let run = ToolRun([command, option + "=x", "--definitely-not-an-option"])
            // Accepted: it gets past the option (or its value is checked at once, naming the option).
            #expect(
                run.errors.contains("unknown option --definitely-not-an-option")
                    || run.errors.contains("\(option) takes no value") || run.errors.contains("\(option) must be")
                    || run.errors.contains("unknown target x"),
                "\(option): \(run.errors)")
        }
    }
}

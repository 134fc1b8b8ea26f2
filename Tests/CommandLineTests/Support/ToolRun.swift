import Foundation
import Harness
import Reports

/// What one in-process run of the command line printed and returned.
struct ToolRun {
    let code: Int32
    let output: String
    let errors: String

    /// Runs `storage-conformance ARGUMENTS` in process with captured output.
    init(_ arguments: [String], environment: [String: String] = [:], terminal: Bool = false) {
        let output = CapturedConsoleOutput()
        let errors = CapturedConsoleOutput()
        let tool = CommandLineTool(environment: environment, output: output, errors: errors, outputIsTerminal: terminal)
        code = tool.run(arguments)
        self.output = output.text
        self.errors = errors.text
    }

    /// Standard output then standard error, for messages.
    var both: String { "exit \(code)\n--- output\n\(output)--- errors\n\(errors)" }
}

/// Scenario files for the command-line tests.
enum SampleScenarios {
    static let passing = """
        scenario: uploads a file
        tags: [upload]
        steps:
          - put: a.txt
            data: { text: hello }
            expect: { metadata: { size: 5 } }
        ---
        scenario: lists the root
        tags: [list]
        given:
          objects:
            b.txt: { text: b }
        steps:
          - listAll: ""
            expect: { items: [b.txt] }
        """

    static let failing = """
        scenario: expects a file that is not there
        tags: [metadata]
        steps:
          - getMetadata: missing.txt
        """

    /// A YAML syntax error on line 3 (a tab), and a semantic one on line 4 of the second file.
    static let badSyntax = "scenario: tabs\nsteps:\n\t- delete: x\n"
    static let badVerb = "scenario: unknown verb\nsteps:\n  - delete: a\n  - remove: a\n"

    /// `Scenarios/area/good.yaml` (two passing) and `Scenarios/area/bad.yaml` (one failing) under `folder`.
    static func writeSuite(in folder: TemporaryFolder, failing: Bool = true) throws {
        try folder.write("Scenarios/area/good.yaml", passing)
        if failing { try folder.write("Scenarios/area/bad.yaml", Self.failing) }
    }
}

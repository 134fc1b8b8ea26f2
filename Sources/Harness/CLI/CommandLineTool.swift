import Foundation
import ScenarioLanguage

/// The `storage-conformance` command line: reads the arguments, runs one command and returns its exit
/// code — 0 when everything passed, 1 when a scenario failed (or lint found an error), 2 when the run could
/// not start (bad flags, unreadable or invalid files, an unknown target).
public struct CommandLineTool: Sendable {
    let environment: [String: String]
    let output: any ConsoleOutput
    let errors: any ConsoleOutput
    let outputIsTerminal: Bool

    public init(
        environment: [String: String] = ProcessInfo.processInfo.environment,
        output: any ConsoleOutput = FileDescriptorOutput.standardOutput,
        errors: any ConsoleOutput = FileDescriptorOutput.standardError,
        outputIsTerminal: Bool = FileDescriptorOutput.standardOutput.isTerminal
    ) {
        self.environment = environment
        self.output = output
        self.errors = errors
        self.outputIsTerminal = outputIsTerminal
    }

    /// Runs the command named by `arguments` (without the program name).
    public func run(_ arguments: [String]) -> Int32 {
        guard let first = arguments.first else { return RunCommand(tool: self).run([]) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "run": return RunCommand(tool: self).run(rest)
        case "lint": return LintCommand(tool: self).run(rest)
        case "list": return ListCommand(tool: self).run(rest)
        case "serve": return ServeCommand(tool: self).run(rest)
        case "help": return help(rest.first)
        case "--help", "-h": return help(nil)
        case "--version", "version":
            say("storage-conformance \(ToolVersion.current)")
            return 0
        default:
            if Self.looksLikeAMistypedCommand(first) {
                complain(
                    "unknown command \(first) (commands: \(Self.commands.joined(separator: ", "))), and no file or folder of that name\n"
                        + "Run `storage-conformance help` for usage.")
                return 2
            }
            // `storage-conformance Scenarios/x --tag y`: run is the default command.
            return RunCommand(tool: self).run(arguments)
        }
    }

    static let commands = ["run", "lint", "list", "serve", "help"]

    /// A first argument that names no file or folder and does not look like a path (`lnit`, not
    /// `Scenarios/x` or `x.yaml`) is taken for a mistyped command rather than a missing path.
    static func looksLikeAMistypedCommand(_ argument: String) -> Bool {
        guard !argument.hasPrefix("-"), !argument.contains("/"), !argument.hasSuffix(".yaml") else { return false }
        return !FileManager.default.fileExists(atPath: argument)
    }

    private func help(_ command: String?) -> Int32 {
        switch command {
        case nil: say(HelpText.overview)
        case "run": say(HelpText.run)
        case "lint": say(HelpText.lint)
        case "list": say(HelpText.list)
        case "serve": say(HelpText.serve)
        default:
            complain("unknown command \(command ?? "") (commands: \(Self.commands.joined(separator: ", ")))")
            return 2
        }
        return 0
    }

    func say(_ text: String) { output.write(text.hasSuffix("\n") ? text : text + "\n") }

    func complain(_ text: String) { errors.write("storage-conformance: " + (text.hasSuffix("\n") ? text : text + "\n")) }

    /// Reports a usage problem with the command's help hint; exit code 2.
    func usage(_ problem: String, command: String) -> Int32 {
        complain("\(problem)\nRun `storage-conformance help \(command)` for usage.")
        return 2
    }

    /// Prints diagnostics (errors and warnings) to standard error.
    func show(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            let label = diagnostic.severity == .error ? "error" : "warning"
            errors.write("\(label): \(diagnostic.description)\n")
        }
    }
}

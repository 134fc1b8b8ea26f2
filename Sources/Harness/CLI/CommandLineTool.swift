import Foundation
import HTTPCore
import Primitives
import Reports
import ScenarioLanguage
import YAMLReader

/// The `storage-conformance` command line: reads the arguments, runs one command and returns its exit
/// code — 0 when everything passed, 1 when a scenario failed (or lint found an error), 2 when the run could
/// not start (bad flags, unreadable or invalid files, an unknown target), 128 + the signal (130, 143) when
/// SIGINT or SIGTERM stopped a run.
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
        BrokenPipes.ignore()
        guard let first = arguments.first else { return execute(RunCommand.self, []) }
        let rest = Array(arguments.dropFirst())
        switch first {
        case "help": return help(rest.first.flatMap { CommandSpec.helpFlags.contains($0) ? nil : $0 })
        case "--help", "-h": return help(nil)
        case "--version", "version":
            say("storage-conformance \(ToolVersion.current)")
            return 0
        default:
            if let command = Self.commands.first(where: { $0.spec.name == first }) { return execute(command, rest) }
            if Self.looksLikeAMistypedCommand(first) {
                complain(
                    "unknown command \(first) (commands: \(Self.commandNames.joined(separator: ", "))), and no file or folder of that name\n"
                        + "Run `storage-conformance help` for usage.")
                return 2
            }
            // `storage-conformance Scenarios/x --tag y`: run is the default command.
            return execute(RunCommand.self, arguments)
        }
    }

    /// Every command, in the order help lists them.
    static var commands: [any ToolCommand.Type] {
        [
            RunCommand.self, LintCommand.self, ListCommand.self, ReportCommand.self, SchemaCommand.self,
            ServeCommand.self, DriverCommand.self,
        ]
    }

    static var commandNames: [String] { commands.map { $0.spec.name } + ["help", "version"] }

    /// Help when asked for anywhere in the arguments; otherwise the arguments read against the command's
    /// spec (a usage error exits 2) and the command run.
    private func execute(_ command: any ToolCommand.Type, _ arguments: [String]) -> Int32 {
        if ArgumentList.asksForHelp(arguments) {
            say(command.spec.helpText)
            return 0
        }
        do throws(ArgumentList.Problem) {
            let options = try ArgumentList(arguments, spec: command.spec)
            return try command.init(tool: self).run(options)
        } catch {
            return usage(error.description, command: command.spec.name)
        }
    }

    /// A first argument that names no file or folder and does not look like a path (`lnit`, not
    /// `Scenarios/x` or `x.yaml`) is taken for a mistyped command rather than a missing path.
    static func looksLikeAMistypedCommand(_ argument: String) -> Bool {
        guard !argument.hasPrefix("-"), !argument.contains("/"), !argument.hasSuffix(".yaml") else { return false }
        return !FileManager.default.fileExists(atPath: argument)
    }

    private func help(_ name: String?) -> Int32 {
        guard let name else {
            say(CommandTable.overview)
            return 0
        }
        guard let command = Self.commands.first(where: { $0.spec.name == name }) else {
            complain("unknown command \(name) (commands: \(Self.commandNames.joined(separator: ", ")))")
            return 2
        }
        say(command.spec.helpText)
        return 0
    }

    func say(_ text: String) { output.write(text.hasSuffix("\n") ? text : text + "\n") }

    func complain(_ text: String) {
        errors.write("storage-conformance: " + (text.hasSuffix("\n") ? text : text + "\n"))
    }

    /// Reports a usage problem with the command's help hint; exit code 2.
    func usage(_ problem: String, command: String) -> Int32 {
        complain("\(problem)\nRun `storage-conformance help \(command)` for usage.")
        return 2
    }

    /// Prints diagnostics (errors and warnings) to standard error.
    func show(_ diagnostics: [Diagnostic]) {
        for diagnostic in diagnostics {
            let label = diagnostic.severity == .error ? "error" : "warning"
            errors.write("\(label): \(DiagnosticText.render(diagnostic))\n")
        }
    }
}

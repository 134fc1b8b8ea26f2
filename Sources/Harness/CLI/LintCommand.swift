import Primitives
import SecurityRules
import YAMLReader

/// `lint`: reads scenario files without running them and reports every problem. A path ending in `.rules` is
/// a Firebase Security Rules file, checked on its own.
struct LintCommand: ToolCommand {
    static let spec = CommandTable.lint
    let tool: CommandLineTool

    func run(_ options: ArgumentList) -> Int32 {
        let rulesFiles = options.positionals.filter { $0.hasSuffix(".rules") }
        let scenarioPaths = options.positionals.filter { !$0.hasSuffix(".rules") }
        let rulesProblems = rulesFiles.compactMap(Self.problem)
        let costWarnings = rulesFiles.flatMap(Self.costWarnings)
        tool.show(rulesProblems + costWarnings)
        if !rulesFiles.isEmpty {
            tool.say(
                "\(Plural.count(rulesFiles.count, "rules file")): \(Plural.count(rulesProblems.count, "error"))"
                    + (costWarnings.isEmpty ? "" : ", \(Plural.count(costWarnings.count, "warning"))"))
            if scenarioPaths.isEmpty { return rulesProblems.isEmpty ? 0 : 1 }
        }
        let loaded = ScenarioLoading.load(options, tool: tool, warningsInFull: true, paths: scenarioPaths)
        let errors = loaded.diagnostics.filter { $0.severity == .error }.count
        let warnings = loaded.diagnostics.count - errors
        let scenarios = loaded.files.reduce(0) { $0 + $1.scenarios.count }
        tool.say(
            "\(Plural.count(loaded.files.count, "file")), \(Plural.count(scenarios, "scenario")): "
                + "\(Plural.count(errors, "error")), \(Plural.count(warnings, "warning"))"
                + (loaded.intended.isEmpty ? "" : " (and \(loaded.intended.count) intended, not shown)"))
        return errors == 0 && rulesProblems.isEmpty ? 0 : 1
    }

    /// Why the rules file at `path` cannot be used, or nil when it loads.
    private static func problem(_ path: String) -> Diagnostic? {
        do {
            _ = try RulesProgram(try RulesSource(file: path))
            return nil
        } catch let error as RulesFileReadError {
            return Diagnostic(
                file: path, location: SourceLocation(line: 1, column: 1, offset: 0),
                message: "cannot read the rules file (\(error.reason))", sourceLine: "")
        } catch let error as Diagnostic {
            return error
        } catch {
            return Diagnostic(
                file: path, location: SourceLocation(line: 1, column: 1, offset: 0), message: "\(error)",
                sourceLine: "")
        }
    }
}

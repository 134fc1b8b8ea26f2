import Primitives
import Reports
import SecurityRules
import StorageAPI
import YAMLReader

/// `lint`: reads scenario files without running them and reports every problem. A path ending in `.rules` is
/// a Firebase Security Rules file, checked on its own: that it loads, that it reads no field the request or the
/// object does not have, and what may cost a decision much (warnings).
struct LintCommand: ToolCommand {
    static let spec = CommandTable.lint
    let tool: CommandLineTool

    func run(_ options: ArgumentList) -> Int32 {
        let rulesFiles = options.positionals.filter { $0.hasSuffix(".rules") }
        let scenarioPaths = options.positionals.filter { !$0.hasSuffix(".rules") }
        let rulesProblems = rulesFiles.flatMap(Self.problems)
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

    /// Why the rules file at `path` cannot be used: why it does not load, or every read of a field the request or
    /// the object does not have (`RulesProgram.unknownFields`); none when it is fine.
    private static func problems(_ path: String) -> [Diagnostic] {
        do {
            return try RulesProgram(try RulesSource(file: path)).unknownFields
        } catch let error as RulesFileReadError {
            return [
                Diagnostic(
                    file: path, location: SourceLocation(line: 1, column: 1, offset: 0),
                    message: "cannot read the rules file (\(error.reason))", sourceLine: "")
            ]
        } catch let error as Diagnostic {
            return [error]
        } catch {
            return [
                Diagnostic(
                    file: path, location: SourceLocation(line: 1, column: 1, offset: 0), message: "\(error)",
                    sourceLine: "")
            ]
        }
    }
}

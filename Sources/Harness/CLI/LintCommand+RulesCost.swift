import Foundation
import Primitives
import SecurityRules
import YAMLReader

extension LintCommand {
    /// The warnings about expensive rules in the rules file at `path` (`RulesCostWarning`); none when it does not
    /// load.
    static func costWarnings(_ path: String) -> [Diagnostic] {
        guard let source = try? RulesSource(file: path) else { return [] }
        return RulesCostWarning.warnings(for: source).map { warning in
            Diagnostic(
                severity: .warning, file: path,
                location: SourceLocation(line: warning.line, column: warning.column, offset: 0),
                message: warning.message, sourceLine: warning.sourceLine)
        }
    }
}

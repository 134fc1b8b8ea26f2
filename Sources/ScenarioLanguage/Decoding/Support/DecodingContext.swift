import Primitives
import SecurityRules
import YAMLReader

/// Collects the diagnostics of one file while it is decoded, and counts errors so a decoder can tell
/// whether the part it just read was clean.
final class DecodingContext {
    let file: SourceFile
    private(set) var diagnostics: [Diagnostic] = []
    private(set) var errorCount = 0
    /// Patterns already compiled, and whether they compiled (see `regexCompiles`).
    var regexVerdicts: [String: Bool] = [:]
    /// Rules files already read for `given.rules.file`, by resolved path: the source, or nil when it could not
    /// be used (its error is reported once).
    var rulesFiles: [String: RulesSource?] = [:]
    /// Shorthand rules already loaded, by their source: why it cannot be written as rules, or nil when it can.
    var shorthandProblems: [String: Diagnostic?] = [:]
    /// Inline rules text already loaded (`given.rules.source`), by its text: its errors, at places in the text.
    var inlineRulesErrors: [String: [Diagnostic]] = [:]

    init(file: SourceFile) {
        self.file = file
    }

    func error(_ message: String, at location: SourceLocation) {
        errorCount += 1
        diagnostics.append(file.diagnostic(at: location, message))
    }

    func error(_ message: String, at node: YAMLNode) {
        error(message, at: node.location)
    }

    /// An error in another file (a rules file a scenario names).
    func error(_ diagnostic: Diagnostic) {
        errorCount += 1
        diagnostics.append(diagnostic)
    }

    /// A warning, tagged with its code so a scenario can declare it intended.
    func warning(_ code: LintWarning, _ message: String, at location: SourceLocation) {
        diagnostics.append(file.diagnostic(at: location, code.tagged(message), severity: .warning))
    }

    /// A warning about the file rather than a scenario: no scenario can declare it intended.
    func fileWarning(_ message: String, at location: SourceLocation) {
        diagnostics.append(file.diagnostic(at: location, message, severity: .warning))
    }

    /// Removes the warnings from `start` on whose codes `intended` lists, and returns them; adds a warning for
    /// each entry of `intended` that matched none (at `entries`' node).
    func settleIntended(_ intended: [String: (reason: String, node: YAMLNode)], from start: Int) -> [Diagnostic] {
        var settled: [Diagnostic] = []
        var used: Set<String> = []
        if !intended.isEmpty {
            // Only this scenario's diagnostics are sorted: the file's earlier ones stay where they are.
            var kept: [Diagnostic] = []
            for diagnostic in diagnostics[start...] {
                if diagnostic.severity == .warning, let code = LintWarning.code(of: diagnostic.message),
                    intended[code.rawValue] != nil
                {
                    settled.append(diagnostic)
                    used.insert(code.rawValue)
                } else {
                    kept.append(diagnostic)
                }
            }
            diagnostics.replaceSubrange(start..., with: kept)
        }
        // A near-duplicate tag is found across files, after this: its entry is checked there.
        for (code, entry) in intended.sorted(by: { $0.key < $1.key })
        where !used.contains(code) && code != LintWarning.nearDuplicateTag.rawValue {
            warning(
                .unusedLintEntry,
                "lint: \(code) is declared intended, but this scenario has no such warning (remove the entry)",
                at: entry.node.location)
        }
        return settled
    }

    /// Reports that `node` has the wrong type: `KEY: expected EXPECTED, found FOUND`, with a hint to quote
    /// a scalar that was meant as a string.
    func typeMismatch(_ key: String, expected: String, found node: YAMLNode) {
        var message = "\(key): expected \(expected), found \(node.summary)"
        if expected.contains("string"), node.isNonStringScalar {
            message += " (quote it to make it a string)"
        }
        error(message, at: node)
    }
}

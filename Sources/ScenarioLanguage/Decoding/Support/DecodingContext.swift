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

    func warning(_ message: String, at location: SourceLocation) {
        diagnostics.append(file.diagnostic(at: location, message, severity: .warning))
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

import YAMLReader

/// A diagnostic as the command line prints it: `FILE:LINE:COLUMN: message`, then the line and a caret under
/// the column when there is a line to show (a missing file has none, so no lone caret).
enum DiagnosticText {
    static func render(_ diagnostic: Diagnostic) -> String {
        guard !diagnostic.sourceLine.isEmpty else {
            return "\(diagnostic.file):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)"
        }
        return diagnostic.description
    }
}

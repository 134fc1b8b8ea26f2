import Primitives
import YAMLReader

/// A diagnostic as the command line prints it: `FILE:LINE:COLUMN: message`, then the line and a caret under
/// the column. A problem with a whole file or folder (a missing path: no line to show) is `FILE: message`,
/// with no place in it and no lone caret.
package enum DiagnosticText {
    package static func render(_ diagnostic: Diagnostic) -> String {
        guard !diagnostic.sourceLine.isEmpty else {
            guard diagnostic.location.line <= 1, diagnostic.location.column <= 1 else {
                return
                    "\(diagnostic.file):\(diagnostic.location.line):\(diagnostic.location.column): \(diagnostic.message)"
            }
            return "\(diagnostic.file): \(diagnostic.message)"
        }
        return diagnostic.description
    }
}

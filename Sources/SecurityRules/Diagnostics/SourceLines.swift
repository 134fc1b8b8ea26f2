import Primitives

/// A rules file's text, to quote the offending line in a diagnostic: at most `Diagnostic.excerptScalars` of it around
/// the column, so a diagnostic never echoes a huge line.
struct SourceLines: Sendable {
    let name: String
    private let text: String

    init(_ source: RulesSource) {
        name = source.name
        text = source.text
    }

    /// A rules syntax error or failed static check at `position`.
    func error(_ message: String, at position: SourcePosition) -> Diagnostic {
        let (scalars, lineOffset) = line(Int(position.line))
        let column = Int(position.column)
        let (excerpt, shift) = Diagnostic.excerpt(of: scalars, around: column)
        let columnOffset = scalars.prefix(max(0, column - 1)).reduce(0) { $0 + UTF8.width($1) }
        var error = Diagnostic(
            file: name,
            location: SourceLocation(line: Int(position.line), column: column, offset: lineOffset + columnOffset),
            message: message, sourceLine: excerpt)
        error.excerptOffset = shift
        return error
    }

    /// The excerpt of line `line` around `column` an error or a warning quotes.
    func quote(line: Int, column: Int) -> String {
        Diagnostic.excerpt(of: self.line(line).scalars, around: column).0
    }

    /// The scalars of 1-based line `number`, without its line break, and the byte offset where it starts.
    private func line(_ number: Int) -> (scalars: Substring.UnicodeScalarView, offset: Int) {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var remaining = number - 1
        while remaining > 0 {
            guard let newline = scalars[start...].firstIndex(of: "\n") else {
                return (Substring("").unicodeScalars, text.utf8.count)
            }
            start = scalars.index(after: newline)
            remaining -= 1
        }
        var end = scalars[start...].firstIndex(of: "\n") ?? scalars.endIndex
        if end > start, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
        return (Substring(text)[start..<end].unicodeScalars, text.utf8.distance(from: text.startIndex, to: start))
    }
}

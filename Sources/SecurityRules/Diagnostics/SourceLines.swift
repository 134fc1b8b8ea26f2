/// A file's text, to quote the offending line in an error: at most `excerptScalars` of it around the column, so
/// an error never echoes a huge line (issue 36 item 13).
struct SourceLines: Sendable {
    let name: String
    private let text: String

    /// The most scalars of a line an error quotes.
    static let excerptScalars = 80

    init(_ source: RulesSource) {
        name = source.name
        text = source.text
    }

    func error(_ message: String, at position: SourcePosition) -> RulesSyntaxError {
        let (excerpt, offset) = Self.excerpt(of: line(Int(position.line)), around: Int(position.column))
        var error = RulesSyntaxError(
            file: name, line: Int(position.line), column: Int(position.column), message: message, sourceLine: excerpt)
        error.excerptOffset = offset
        return error
    }

    /// The excerpt of line `line` around `column` an error or a warning quotes.
    func quote(line: Int, column: Int) -> String {
        Self.excerpt(of: self.line(line), around: column).0
    }

    /// The scalars of 1-based line `number`, without its line break.
    private func line(_ number: Int) -> Substring.UnicodeScalarView {
        let scalars = text.unicodeScalars
        var start = scalars.startIndex
        var remaining = number - 1
        while remaining > 0 {
            guard let newline = scalars[start...].firstIndex(of: "\n") else { return Substring("").unicodeScalars }
            start = scalars.index(after: newline)
            remaining -= 1
        }
        var end = scalars[start...].firstIndex(of: "\n") ?? scalars.endIndex
        if end > start, scalars[scalars.index(before: end)] == "\r" { end = scalars.index(before: end) }
        return Substring(text)[start..<end].unicodeScalars
    }

    /// At most `excerptScalars` of `line` around `column`, marked `…` where cut, and the column shift that leaves.
    static func excerpt(of line: Substring.UnicodeScalarView, around column: Int) -> (String, Int) {
        let half = excerptScalars / 2
        let skipped = max(0, min(column - 1 - half, line.count - excerptScalars))
        let start = line.index(line.startIndex, offsetBy: skipped)
        let end = line.index(start, offsetBy: excerptScalars, limitedBy: line.endIndex) ?? line.endIndex
        var excerpt = String(String.UnicodeScalarView(line[start..<end]))
        if end != line.endIndex { excerpt += "…" }
        guard skipped > 0 else { return (excerpt, 0) }
        return ("…" + excerpt, skipped - 1)
    }
}

/// An error (or warning) tied to a place in a file: a scenario file's, a manifest's or a rules file's (a syntax error,
/// or a static check such as an unknown function or a limit passed).
///
/// `description` renders three lines, the same for errors and warnings:
///
///     FILE:LINE:COLUMN: message
///     <the offending line>
///     <spaces>^
///
/// The caret sits under the column; tabs of the offending line are repeated in the padding so the caret
/// lines up in a terminal.
public struct Diagnostic: Error, Sendable, Equatable, CustomStringConvertible {
    /// Whether the problem stops the file from being used.
    public enum Severity: Sendable, Hashable {
        case error
        case warning
    }

    public var severity: Severity
    /// The file's path as it was given to `SourceFile`.
    public var file: String
    public var location: SourceLocation
    public var message: String
    /// The text of the line at `location`, without its line break: all of it, or an `excerpt` of it.
    public var sourceLine: String
    /// Scalars of the line left out before `sourceLine` (less the `…` that stands for them).
    package var excerptOffset = 0

    /// The most scalars of a line an excerpt quotes.
    package static let excerptScalars = 80

    public init(
        severity: Severity = .error, file: String, location: SourceLocation, message: String, sourceLine: String
    ) {
        self.severity = severity
        self.file = file
        self.location = location
        self.message = message
        self.sourceLine = sourceLine
    }

    public var description: String {
        "\(file):\(location.line):\(location.column): \(message)\n\(sourceLine)\n\(caretLine)"
    }

    /// Spaces (or the line's own tabs) up to the column, then `^`.
    private var caretLine: String {
        var padding = ""
        var remaining = max(location.column - 1 - excerptOffset, 0)
        for scalar in sourceLine.unicodeScalars where remaining > 0 {
            padding.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            remaining -= 1
        }
        padding += String(repeating: " ", count: remaining)
        return padding + "^"
    }

    /// At most `excerptScalars` of `line` around `column`, marked `…` where cut, and the column shift that leaves
    /// (for `excerptOffset`): what a diagnostic quotes of a long line, so it never echoes a huge one.
    package static func excerpt(of line: Substring.UnicodeScalarView, around column: Int) -> (String, Int) {
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

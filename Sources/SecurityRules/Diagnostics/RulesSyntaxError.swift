/// Why a rules file cannot be used, at a place in it: a syntax error, or a static check (an unknown function, a
/// wrong number of arguments, a name declared twice, an unknown method in `allow`, a limit passed).
///
/// `rendered` is three lines, as the scenario lint prints its diagnostics:
///
///     FILE:LINE:COLUMN: message
///     <the offending line>
///     <spaces>^
public struct RulesSyntaxError: Error, Sendable, Equatable, CustomStringConvertible {
    public var file: String
    /// 1-based.
    public var line: Int
    /// 1-based, counted in Unicode scalars.
    public var column: Int
    public var message: String
    /// The text of the offending line, without its line break: at most 80 scalars around the column, `…` where
    /// it was cut.
    public var sourceLine: String
    /// Scalars of the line left out before `sourceLine` (less the `…` that stands for them).
    var excerptOffset = 0

    public init(file: String, line: Int, column: Int, message: String, sourceLine: String) {
        self.file = file
        self.line = line
        self.column = column
        self.message = message
        self.sourceLine = sourceLine
    }

    public var rendered: String {
        "\(file):\(line):\(column): \(message)\n\(sourceLine)\n\(caretLine)"
    }

    public var description: String { rendered }

    /// What an error at `column` quotes of `line` (as `sourceLine`).
    public static func excerpt(of line: String, column: Int) -> String {
        SourceLines.excerpt(of: Substring(line).unicodeScalars, around: column).0
    }

    /// Spaces (or the line's own tabs) up to the column, then `^`.
    private var caretLine: String {
        var padding = ""
        var remaining = max(column - 1 - excerptOffset, 0)
        for scalar in sourceLine.unicodeScalars where remaining > 0 {
            padding.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            remaining -= 1
        }
        padding += String(repeating: " ", count: remaining)
        return padding + "^"
    }
}

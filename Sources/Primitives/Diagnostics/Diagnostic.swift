/// An error (or warning) tied to a place in a file.
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
    /// The text of the line at `location`, without its line break.
    public var sourceLine: String

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
        var remaining = max(location.column - 1, 0)
        for scalar in sourceLine.unicodeScalars where remaining > 0 {
            padding.unicodeScalars.append(scalar == "\t" ? "\t" : " ")
            remaining -= 1
        }
        padding += String(repeating: " ", count: remaining)
        return padding + "^"
    }
}

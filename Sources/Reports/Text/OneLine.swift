import Foundation

/// Reduces free text to one short line, for attributes and summary lines.
enum OneLine {
    /// The default length limit, in characters, before an ellipsis.
    static let defaultLimit = 500

    /// The first non-blank line of `text`, trimmed, cut to `limit` characters plus `…` when longer.
    static func from(_ text: String, limit: Int = defaultLimit) -> String {
        var rest = text[...]
        var first = ""
        while first.isEmpty, !rest.isEmpty {
            let end = rest.firstIndex(where: isLineBreak) ?? rest.endIndex
            first = rest[..<end].trimmingCharacters(in: .whitespaces)
            rest = end == rest.endIndex ? "" : rest[rest.index(after: end)...]
        }
        guard first.count > limit else { return first }
        return String(first.prefix(max(0, limit))) + "…"
    }

    /// All of `text` on one line: line breaks and tabs become spaces, surrounding whitespace is trimmed.
    static func joining(_ text: String) -> String {
        text.split(omittingEmptySubsequences: true, whereSeparator: isLineBreak)
            .joined(separator: " ")
            .replacingOccurrences(of: "\t", with: " ")
            .trimmingCharacters(in: .whitespaces)
    }

    private static func isLineBreak(_ character: Character) -> Bool {
        character == "\n" || character == "\r" || character == "\r\n"
    }
}

import Primitives
import SecurityRules
import YAMLReader

/// Where a place in `source:` rules text is in the scenario file. A literal block (`source: |`) holds its lines
/// verbatim after their indentation, so a line and column of the text is a line and column of the file; any
/// other style (quoted, folded, plain) rewrites the text, and has no such place.
struct InlineRulesPlace {
    let node: YAMLNode
    let file: SourceFile

    /// The place of `error` in the scenario file, checked against the file's own line; nil when it has none.
    func location(of error: Diagnostic) -> SourceLocation? {
        guard node.style == .literal, let indentation = contentIndentation else { return nil }
        let line = node.location.line + error.location.line
        let text = file.lineText(line)
        let prefix = text.unicodeScalars.prefix(indentation)
        guard prefix.count == indentation, prefix.allSatisfy({ $0 == " " }),
            Diagnostic.excerpt(
                of: Substring(text).unicodeScalars.dropFirst(indentation), around: error.location.column
            ).0 == error.sourceLine
        else { return nil }
        let column = indentation + error.location.column
        return SourceLocation(line: line, column: column, offset: offset(line: line, column: column))
    }

    /// Where `text`, the value of the node, is in the file: a `|` block whose every line is the file's line after
    /// the indentation maps line for line; any other value is named by where it starts.
    func placement(of text: String) -> RulesPlacement {
        let rewritten = RulesPlacement.rewritten(line: node.location.line, column: node.location.column)
        guard node.style == .literal, let indentation = contentIndentation else { return rewritten }
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        if lines.last?.isEmpty == true { lines.removeLast() }
        let margin = String(repeating: " ", count: indentation)
        for (index, line) in lines.enumerated() {
            let fileLine = file.lineText(node.location.line + 1 + index)
            let verbatim =
                line.isEmpty
                ? fileLine.allSatisfy { $0 == " " }
                : fileLine.hasPrefix(margin) && fileLine.dropFirst(indentation) == line
            guard verbatim else { return rewritten }
        }
        return .block(keyLine: node.location.line, indentation: indentation)
    }

    /// The indentation of the block's first line that is not blank.
    private var contentIndentation: Int? {
        var line = node.location.line + 1
        while line <= file.lineCount {
            let text = file.lineText(line)
            if !text.allSatisfy({ $0 == " " }) {
                return text.unicodeScalars.prefix { $0 == " " }.count
            }
            line += 1
        }
        return nil
    }

    /// The byte offset of a line and column, found from the block's own offset (for ordering diagnostics).
    private func offset(line: Int, column: Int) -> Int {
        let bytes = file.bytes
        var index = node.location.offset
        var current = node.location.line
        while index < bytes.count, current < line {
            let byte = bytes[index]
            index += 1
            if byte == 0x0A || (byte == 0x0D && (index >= bytes.count || bytes[index] != 0x0A)) { current += 1 }
        }
        var remaining = column - 1
        while index < bytes.count, remaining > 0 {
            index += 1
            while index < bytes.count, bytes[index] & 0xC0 == 0x80 { index += 1 }
            remaining -= 1
        }
        return index
    }
}

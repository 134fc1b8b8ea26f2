/// A file's lines, to quote the offending one in an error.
struct SourceLines: Sendable {
    let name: String
    private let lines: [String]

    init(_ source: RulesSource) {
        name = source.name
        lines = source.text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false).map {
            String(String.UnicodeScalarView($0))
        }
    }

    func error(_ message: String, at position: SourcePosition) -> RulesSyntaxError {
        let index = Int(position.line) - 1
        var text = lines.indices.contains(index) ? lines[index] : ""
        if text.hasSuffix("\r") { text.removeLast() }
        return RulesSyntaxError(
            file: name, line: Int(position.line), column: Int(position.column), message: message, sourceLine: text)
    }
}

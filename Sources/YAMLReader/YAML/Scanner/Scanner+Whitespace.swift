import Primitives

extension Scanner {
    /// Skips spaces, comments and line breaks up to the next token, rejecting tabs outside scalars and
    /// comments glued to a token.
    mutating func skipToNextToken() throws(Diagnostic) {
        var crossedLine = false
        while true {
            while pos < end, text[pos] == ASCII.space {
                pos += 1
            }
            guard pos < end else { return }
            let byte = text[pos]
            if byte == ASCII.tab {
                throw tabError()
            }
            if byte == ASCII.hash {
                if pos > lineStart, text[pos - 1] != ASCII.space {
                    throw errorHere("a comment needs a space before '#' (quote the scalar if '#' is part of it)")
                }
                while pos < end, !ASCII.isBreak(text[pos]) {
                    pos += 1
                }
                guard pos < end else { return }
            }
            if ASCII.isBreak(text[pos]) {
                consumeBreak()
                crossedLine = true
                if flowLevel == 0 { allowSimpleKey = true }
                continue
            }
            if crossedLine, flowLevel > 0, pos - lineStart <= indent, !isDocumentMarker(at: pos) {
                throw flowIndentationError()
            }
            return
        }
    }

    /// A tab where only spaces may be: in indentation or between tokens.
    mutating func tabError() -> Diagnostic {
        var onlySpacesBefore = true
        for index in lineStart..<pos where text[index] != ASCII.space {
            onlySpacesBefore = false
            break
        }
        if onlySpacesBefore {
            return errorHere("a tab cannot be used for indentation; indent with spaces")
        }
        return errorHere(
            "a tab cannot separate tokens (YAML loaders such as PyYAML reject it); use spaces, or quote the scalar if the tab is part of it"
        )
    }

    /// A line inside a flow collection that is not indented past the enclosing block.
    mutating func flowIndentationError() -> Diagnostic {
        let opening = flowOpenings.first.map { " (opened at line \($0.location.line))" } ?? ""
        return errorHere(
            "this line continues a flow collection\(opening) and must be indented by more than \(Scanner.spaces(indent))"
        )
    }

    /// "1 space", "4 spaces".
    static func spaces(_ count: Int) -> String {
        count == 1 ? "1 space" : "\(count) spaces"
    }
}

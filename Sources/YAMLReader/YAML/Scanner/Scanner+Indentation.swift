import Primitives

extension Scanner {
    /// Opens a block collection at `column` if it is deeper than the current indentation.
    mutating func addIndent(_ column: Int, at location: SourceLocation) throws(Diagnostic) -> Bool {
        guard indent < column else { return false }
        guard indents.count + flowLevel < maximumDepth else {
            throw error("nesting is deeper than \(maximumDepth) levels", at: location)
        }
        indents.append(indent)
        indent = column
        return true
    }

    /// Closes the block collections deeper than `column`; returns the shallowest closed column, if any.
    mutating func unwindIndent(to column: Int) -> Int? {
        guard flowLevel == 0, indent > column else { return nil }
        let location = here()
        var closed = indent
        while indent > column {
            append(Token(.blockEnd, at: location))
            closed = indent
            indent = indents.popLast() ?? -1
        }
        return closed
    }

    /// A line that closed a deeper block but does not line up with an enclosing one.
    mutating func badIndentationError(column: Int, closed: Int) -> Diagnostic {
        if indent < 0 {
            return errorHere(
                "this line is outside the indented block above it, but a document has only one top-level node (check the indentation, or add a '---' line before a new document)"
            )
        }
        return errorHere(
            "bad indentation: this line is indented by \(Scanner.spaces(column)), which matches no enclosing block (the outer one is indented by \(indent), the inner one by \(closed))"
        )
    }

    /// A scalar at the indentation of a block collection that is neither `- ` nor a `key:`.
    func missingColonError(at location: SourceLocation) -> Diagnostic {
        error(
            "expected ': ' after this key: a line at the indentation of a block collection must be 'key: value' or '- item' (a ':' needs a space after it)",
            at: location)
    }
}

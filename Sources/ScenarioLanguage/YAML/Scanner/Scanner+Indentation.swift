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
            "bad indentation: this line is indented by \(column) spaces, which matches no enclosing block (\(indent) spaces continue the outer block, \(closed) the inner one)"
        )
    }

    // MARK: Simple keys

    /// Remembers the token about to be appended as a possible simple key.
    mutating func savePossibleSimpleKey() throws(Diagnostic) {
        guard allowSimpleKey else { return }
        let column = pos - lineStart
        try removePossibleSimpleKey()
        simpleKeys[flowLevel] = SimpleKey(
            tokenNumber: nextTokenNumber, required: flowLevel == 0 && indent == column, location: here(),
            column: column)
        simpleKeyCount += 1
    }

    /// Forgets the possible simple key of the current flow level; an error if it had to be a key.
    mutating func removePossibleSimpleKey() throws(Diagnostic) {
        guard let key = simpleKeys[flowLevel] else { return }
        if key.required { throw missingColonError(key) }
        simpleKeys[flowLevel] = nil
        simpleKeyCount -= 1
    }

    /// Forgets possible simple keys that can no longer be keys: keys are one line, at most 1024 bytes.
    mutating func removeStaleSimpleKeys() throws(Diagnostic) {
        guard simpleKeyCount > 0 else { return }
        for level in simpleKeys.indices {
            guard let key = simpleKeys[level] else { continue }
            if key.location.line != line || pos - key.location.offset > 1024 {
                if key.required { throw missingColonError(key) }
                simpleKeys[level] = nil
                simpleKeyCount -= 1
            }
        }
    }

    func missingColonError(_ key: SimpleKey) -> Diagnostic {
        if key.location.line == line, pos - key.location.offset > 1024 {
            return error("a mapping key must be shorter than 1024 bytes", at: key.location)
        }
        return error(
            "expected ': ' after this key: a line at the indentation of a block mapping must be 'key: value' (a ':' needs a space after it)",
            at: key.location)
    }
}

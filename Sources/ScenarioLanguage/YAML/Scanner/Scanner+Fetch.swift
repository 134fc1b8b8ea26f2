extension Scanner {
    /// Scans the next token (and any block ends or retroactive keys it implies) into the queue.
    mutating func fetchMoreTokens() throws(Diagnostic) {
        try skipToNextToken()
        try removeStaleSimpleKeys()
        guard pos < end else {
            try fetchStreamEnd()
            return
        }
        let column = pos - lineStart
        let byte = text[pos]
        if column == 0 {
            if byte == ASCII.percent {
                throw errorHere("directives ('%YAML', '%TAG') are not supported")
            }
            if isDocumentMarker(at: pos) {
                try fetchDocumentMarker(byte == ASCII.minus ? .documentStart : .documentEnd)
                return
            }
        }
        if let closed = unwindIndent(to: column), column > indent {
            throw badIndentationError(column: column, closed: closed)
        }
        switch byte {
        case ASCII.leftBracket: try fetchFlowCollectionStart(isMapping: false)
        case ASCII.leftBrace: try fetchFlowCollectionStart(isMapping: true)
        case ASCII.rightBracket: try fetchFlowCollectionEnd(isMapping: false)
        case ASCII.rightBrace: try fetchFlowCollectionEnd(isMapping: true)
        case ASCII.comma: try fetchFlowEntry()
        case ASCII.minus where isBlankOrEnd(pos + 1):
            try fetchBlockEntry()
        case ASCII.minus where flowLevel > 0 && ASCII.isFlowIndicator(text[pos + 1]):
            throw errorHere("a lone '-' inside a flow collection must be quoted")
        case ASCII.question where flowLevel > 0 || isBlankOrEnd(pos + 1):
            throw errorHere(
                "complex keys ('?') are not supported: write 'key: value'\(flowLevel > 0 ? " (quote a scalar containing '?' inside a flow collection)" : "")"
            )
        case ASCII.colon where flowLevel > 0 || isBlankOrEnd(pos + 1):
            try fetchValue()
        case ASCII.asterisk:
            throw errorHere("aliases ('*name') are not supported; quote the scalar if '*' is part of it")
        case ASCII.ampersand:
            throw errorHere("anchors ('&name') are not supported; quote the scalar if '&' is part of it")
        case ASCII.exclamation:
            throw errorHere("tags ('!tag') are not supported; quote the scalar if '!' is part of it")
        case ASCII.verticalBar, ASCII.greaterThan:
            if flowLevel > 0 {
                throw errorHere("block scalars ('|', '>') are not allowed inside a flow collection; quote the scalar")
            }
            try fetchBlockScalar(folded: byte == ASCII.greaterThan)
        case ASCII.singleQuote: try fetchQuotedScalar(double: false)
        case ASCII.doubleQuote: try fetchQuotedScalar(double: true)
        case ASCII.at, ASCII.backtick, ASCII.percent:
            throw errorHere("a plain scalar cannot start with '\(Character(Unicode.Scalar(byte)))'; quote the scalar")
        default:
            try fetchPlainScalar()
        }
    }

    private mutating func fetchStreamEnd() throws(Diagnostic) {
        if let opening = flowOpenings.last {
            throw error(
                "this \(opening.name) is never closed: expected \(opening.closer) before the end of the file",
                at: opening.location)
        }
        _ = unwindIndent(to: -1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        append(Token(.streamEnd, at: here()))
        streamEnded = true
    }

    private mutating func fetchDocumentMarker(_ kind: Token.Kind) throws(Diagnostic) {
        if let opening = flowOpenings.last {
            throw errorHere(
                "document marker inside a \(opening.name): the one opened at line \(opening.location.line) is never closed"
            )
        }
        _ = unwindIndent(to: -1)
        try removePossibleSimpleKey()
        allowSimpleKey = false
        append(Token(kind, at: here()))
        pos += 3
    }

    private mutating func fetchFlowCollectionStart(isMapping: Bool) throws(Diagnostic) {
        try savePossibleSimpleKey()
        let location = here()
        guard indents.count + flowLevel < maximumDepth else {
            throw error("nesting is deeper than \(maximumDepth) levels", at: location)
        }
        flowLevel += 1
        simpleKeys.append(nil)
        flowOpenings.append(FlowOpening(isMapping: isMapping, location: location))
        allowSimpleKey = true
        append(Token(isMapping ? .flowMappingStart : .flowSequenceStart, at: location))
        pos += 1
    }

    private mutating func fetchFlowCollectionEnd(isMapping: Bool) throws(Diagnostic) {
        let closer = isMapping ? "'}'" : "']'"
        guard let opening = flowOpenings.last else {
            throw errorHere("unexpected \(closer): no flow collection is open (quote the scalar if \(closer) is part of it)")
        }
        guard opening.isMapping == isMapping else {
            throw errorHere(
                "expected \(opening.closer) to close the \(opening.name) opened at line \(opening.location.line), found \(closer)"
            )
        }
        try removePossibleSimpleKey()
        simpleKeys.removeLast()
        flowOpenings.removeLast()
        flowLevel -= 1
        allowSimpleKey = false
        append(Token(isMapping ? .flowMappingEnd : .flowSequenceEnd, at: here()))
        pos += 1
    }

    private mutating func fetchFlowEntry() throws(Diagnostic) {
        guard flowLevel > 0 else {
            throw errorHere("',' is only a separator inside a flow collection; quote the scalar if ',' is part of it")
        }
        allowSimpleKey = true
        try removePossibleSimpleKey()
        append(Token(.flowEntry, at: here()))
        pos += 1
    }

    private mutating func fetchBlockEntry() throws(Diagnostic) {
        guard flowLevel == 0 else {
            throw errorHere("'- ' entries are not allowed inside a flow collection; separate items with ','")
        }
        guard allowSimpleKey else {
            throw errorHere(
                "a block sequence cannot start here: put '- ' at the start of a new line (quote the scalar if it contains ' - ')"
            )
        }
        let location = here()
        if try addIndent(pos - lineStart, at: location) {
            append(Token(.blockSequenceStart, at: location))
        }
        allowSimpleKey = true
        try removePossibleSimpleKey()
        append(Token(.blockEntry, at: location))
        pos += 1
    }

    /// A `:` value indicator: turns the pending possible simple key into a `KEY` token.
    private mutating func fetchValue() throws(Diagnostic) {
        guard let key = simpleKeys[flowLevel] else {
            throw strayColonError()
        }
        simpleKeys[flowLevel] = nil
        simpleKeyCount -= 1
        let startsMapping = flowLevel == 0 ? try addIndent(key.column, at: key.location) : false
        markKey(tokenNumber: key.tokenNumber, startsMapping: startsMapping)
        allowSimpleKey = false
        append(Token(.value, at: here()))
        pos += 1
    }

    /// A `:` with no key before it on the same line.
    private mutating func strayColonError() -> Diagnostic {
        let location = here()
        if lastTokenWasScalar, let scalar = lastScalarLocation {
            if scalar.line < location.line {
                let hint =
                    flowLevel > 0
                    ? " (is a ',' missing at the end of a line?)" : " (or is this line indented too far?)"
                return error(
                    "a mapping key must be on a single line, but the scalar before this ':' starts on line \(scalar.line)\(hint)",
                    at: location)
            }
            if location.offset - scalar.offset > 1024 {
                return error("a mapping key must be shorter than 1024 bytes", at: location)
            }
        }
        if lastTokenWasScalar || !allowSimpleKey {
            return error(
                "':' is not allowed here: quote the scalar if it contains ': ', and start a nested mapping on a new line",
                at: location)
        }
        return error("a ':' needs a key before it (empty keys are not supported)", at: location)
    }

    private mutating func fetchPlainScalar() throws(Diagnostic) {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        appendScalar(try scanPlainScalar())
    }

    private mutating func fetchQuotedScalar(double: Bool) throws(Diagnostic) {
        try savePossibleSimpleKey()
        allowSimpleKey = false
        appendScalar(try scanQuotedScalar(double: double))
    }

    private mutating func fetchBlockScalar(folded: Bool) throws(Diagnostic) {
        allowSimpleKey = true
        try removePossibleSimpleKey()
        appendScalar(try scanBlockScalar(folded: folded))
    }
}

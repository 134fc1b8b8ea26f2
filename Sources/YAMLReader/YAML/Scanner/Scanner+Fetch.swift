import Primitives

extension Scanner {
    /// Scans the next token into the queue, preceded by the block ends and mapping start it implies.
    mutating func fetchMoreTokens() throws(Diagnostic) {
        try skipToNextToken()
        guard pos < end else {
            try fetchStreamEnd()
            return
        }
        let column = pos - lineStart
        let byte = text[pos]
        if column == 0 {
            if byte == ASCII.percent {
                throw error("directives ('%YAML', '%TAG') are not supported", at: here())
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
        case ASCII.minus where flowLevel > 0 && ASCII.isFlowIndicator(text[pos + 1]),
            ASCII.question where flowLevel > 0 || isBlankOrEnd(pos + 1),
            ASCII.colon where flowLevel > 0 || isBlankOrEnd(pos + 1),
            ASCII.asterisk, ASCII.ampersand, ASCII.exclamation, ASCII.at, ASCII.backtick, ASCII.percent:
            throw indicatorError(byte)
        case ASCII.verticalBar, ASCII.greaterThan:
            if flowLevel > 0 { throw indicatorError(byte) }
            try fetchBlockScalar(folded: byte == ASCII.greaterThan)
        case ASCII.singleQuote, ASCII.doubleQuote: try fetchFlowScalar(quote: byte)
        default:
            try fetchFlowScalar(quote: nil)
        }
    }

    /// The error for an indicator the subset does not support here (kept out of the hot path).
    @inline(never)
    private mutating func indicatorError(_ byte: UInt8) -> Diagnostic {
        switch byte {
        case ASCII.minus:
            return errorHere("a lone '-' inside a flow collection must be quoted")
        case ASCII.question:
            let hint = flowLevel > 0 ? " (quote a scalar containing '?' inside a flow collection)" : ""
            return errorHere("complex keys ('?') are not supported: write 'key: value'\(hint)")
        case ASCII.colon:
            // Keys are recognized right after their scalar, so this ':' has none.
            return strayColonError()
        case ASCII.asterisk:
            return errorHere("aliases ('*name') are not supported; quote the scalar if '*' is part of it")
        case ASCII.ampersand:
            return errorHere("anchors ('&name') are not supported; quote the scalar if '&' is part of it")
        case ASCII.exclamation:
            return errorHere("tags ('!tag') are not supported; quote the scalar if '!' is part of it")
        case ASCII.verticalBar, ASCII.greaterThan:
            return errorHere("block scalars ('|', '>') are not allowed inside a flow collection; quote the scalar")
        default:
            return errorHere("a plain scalar cannot start with '\(Character(Unicode.Scalar(byte)))'; quote the scalar")
        }
    }

    private mutating func fetchStreamEnd() throws(Diagnostic) {
        if let opening = flowOpenings.last {
            throw error(
                "this \(opening.name) is never closed: expected \(opening.closer) before the end of the file",
                at: opening.location)
        }
        _ = unwindIndent(to: -1)
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
        allowSimpleKey = false
        append(Token(kind, at: here()))
        pos += 3
    }

    private mutating func fetchFlowCollectionStart(isMapping: Bool) throws(Diagnostic) {
        let location = here()
        if allowSimpleKey, flowLevel == 0, indent == pos - lineStart {
            throw error(
                "a flow collection cannot start a line at the indentation of a block collection (expected 'key: value' or '- item'; keys must be scalars)",
                at: location)
        }
        guard indents.count + flowLevel < maximumDepth else {
            throw error("nesting is deeper than \(maximumDepth) levels", at: location)
        }
        flowLevel += 1
        flowOpenings.append(FlowOpening(isMapping: isMapping, location: location))
        allowSimpleKey = true
        append(Token(isMapping ? .flowMappingStart : .flowSequenceStart, at: location))
        pos += 1
    }

    private mutating func fetchFlowCollectionEnd(isMapping: Bool) throws(Diagnostic) {
        let closer = isMapping ? "'}'" : "']'"
        guard let opening = flowOpenings.last else {
            throw errorHere(
                "unexpected \(closer): no flow collection is open (quote the scalar if \(closer) is part of it)")
        }
        guard opening.isMapping == isMapping else {
            throw errorHere(
                "expected \(opening.closer) to close the \(opening.name) opened at line \(opening.location.line), found \(closer)"
            )
        }
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
        append(Token(.blockEntry, at: location))
        pos += 1
    }

    /// A `:` with no scalar key before it on the same line.
    @inline(never)
    private mutating func strayColonError() -> Diagnostic {
        let location = here()
        if lastTokenKind == .scalar, lastTokenLocation.line < location.line {
            let hint =
                flowLevel > 0
                ? " (is a ',' missing at the end of a line?)" : " (or is this line indented too far?)"
            return error(
                "a mapping key must be on a single line, but the scalar before this ':' starts on line \(lastTokenLocation.line)\(hint)",
                at: location)
        }
        if lastTokenKind == .flowSequenceEnd || lastTokenKind == .flowMappingEnd {
            return error("a mapping key must be a scalar, not a flow collection", at: location)
        }
        if lastTokenKind == .scalar || !allowSimpleKey {
            return error(
                "':' is not allowed here: quote the scalar if it contains ': ', and start a nested mapping on a new line",
                at: location)
        }
        return error("a ':' needs a key before it (empty keys are not supported)", at: location)
    }

    /// A plain or quoted scalar, and whether it is a key: a `:` follows it on the line it started on.
    private mutating func fetchFlowScalar(quote: UInt8?) throws(Diagnostic) {
        let canBeKey = allowSimpleKey
        let column = pos - lineStart
        let startLine = line
        allowSimpleKey = false
        let node: YAMLNode
        if let quote {
            node = try scanQuotedScalar(double: quote == ASCII.doubleQuote)
        } else {
            node = try scanPlainScalar()
        }
        guard canBeKey else {
            appendScalar(node)
            return
        }
        let mustBeKey = flowLevel == 0 && indent == column
        if line == startLine {
            var colon = pos
            while colon < end, text[colon] == ASCII.space {
                colon += 1
            }
            if colon < end, text[colon] == ASCII.colon, flowLevel > 0 || isBlankOrEnd(colon + 1) {
                if colon - node.location.offset > 1024 {
                    throw error("a mapping key must be shorter than 1024 bytes", at: node.location)
                }
                if flowLevel == 0, try addIndent(column, at: node.location) {
                    append(Token(.blockMappingStart, at: node.location))
                }
                appendScalar(node, kind: .key)
                pos = colon
                append(Token(.value, at: here()))
                pos += 1
                return
            }
        }
        if mustBeKey { throw missingColonError(at: node.location) }
        appendScalar(node)
    }

    private mutating func fetchBlockScalar(folded: Bool) throws(Diagnostic) {
        allowSimpleKey = true
        appendScalar(try scanBlockScalar(folded: folded))
    }
}

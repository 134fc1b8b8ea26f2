extension Scanner {
    /// Scans a single- or double-quoted scalar: `''` and backslash escapes, line folding, escaped line
    /// breaks. Continuation lines must be indented past the enclosing block.
    mutating func scanQuotedScalar(double: Bool) throws(Diagnostic) -> YAMLNode {
        let start = here()
        let quote = double ? ASCII.doubleQuote : ASCII.singleQuote
        pos += 1
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        while true {
            let runStart = pos
            while pos < end {
                let byte = text[pos]
                if byte == quote || byte == ASCII.space || byte == ASCII.tab || ASCII.isBreak(byte)
                    || (double && byte == ASCII.backslash)
                {
                    break
                }
                pos += 1
            }
            if pos > runStart {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[runStart..<pos]))
            }
            guard pos < end else { throw unterminatedQuoteError(start, double: double) }
            let byte = text[pos]
            if byte == quote {
                if !double, pos + 1 < end, text[pos + 1] == ASCII.singleQuote {
                    scratch.append(ASCII.singleQuote)
                    pos += 2
                    continue
                }
                pos += 1
                break
            }
            if byte == ASCII.backslash {
                try scanEscape(quoteStart: start)
                continue
            }
            let whitespaceStart = pos
            while pos < end, text[pos] == ASCII.space || text[pos] == ASCII.tab {
                pos += 1
            }
            guard pos < end else { throw unterminatedQuoteError(start, double: double) }
            if ASCII.isBreak(text[pos]) {
                // Whitespace before a line break is dropped; the break folds to a space, or to one newline
                // per empty line that follows.
                consumeBreak()
                let breaks = try skipQuotedContinuation(quoteStart: start, double: double)
                if breaks == 0 {
                    scratch.append(ASCII.space)
                } else {
                    scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: breaks))
                }
            } else {
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[whitespaceStart..<pos]))
            }
        }
        try checkAfterClosingQuote()
        let string = String(decoding: scratch, as: UTF8.self)
        return YAMLNode(value: .string(string), location: start, style: double ? .doubleQuoted : .singleQuoted)
    }

    /// After a line break inside quotes: skips empty lines and the next line's leading whitespace; returns
    /// the number of empty lines.
    private mutating func skipQuotedContinuation(quoteStart: SourceLocation, double: Bool) throws(Diagnostic) -> Int {
        var breaks = 0
        while true {
            if isDocumentMarker(at: pos) {
                throw errorHere(
                    "document marker inside a quoted scalar: the quote opened at line \(quoteStart.line), column \(quoteStart.column) is never closed"
                )
            }
            while pos < end, text[pos] == ASCII.space {
                pos += 1
            }
            let spaces = pos - lineStart
            while pos < end, text[pos] == ASCII.space || text[pos] == ASCII.tab {
                pos += 1
            }
            guard pos < end else { throw unterminatedQuoteError(quoteStart, double: double) }
            if ASCII.isBreak(text[pos]) {
                consumeBreak()
                breaks += 1
                continue
            }
            if spaces <= indent {
                throw errorHere(
                    "this line continues the quoted scalar from line \(quoteStart.line) and must be indented by more than \(indent) spaces"
                )
            }
            return breaks
        }
    }

    /// A backslash escape inside double quotes, `pos` at the backslash.
    private mutating func scanEscape(quoteStart: SourceLocation) throws(Diagnostic) {
        let escapeLocation = here()
        pos += 1
        guard pos < end else { throw unterminatedQuoteError(quoteStart, double: true) }
        let code = text[pos]
        var digits = 0
        switch code {
        case 0x30: scratch.append(0x00)  // 0
        case 0x61: scratch.append(0x07)  // a
        case 0x62: scratch.append(0x08)  // b
        case 0x74, ASCII.tab: scratch.append(ASCII.tab)  // t
        case 0x6E: scratch.append(ASCII.lineFeed)  // n
        case 0x76: scratch.append(0x0B)  // v
        case 0x66: scratch.append(0x0C)  // f
        case 0x72: scratch.append(ASCII.carriageReturn)  // r
        case 0x65: scratch.append(0x1B)  // e
        case ASCII.space, ASCII.doubleQuote, ASCII.slash, ASCII.backslash: scratch.append(code)
        case 0x4E: appendScalar(0x85)  // N
        case ASCII.underscore: appendScalar(0xA0)
        case 0x4C: appendScalar(0x2028)  // L
        case 0x50: appendScalar(0x2029)  // P
        case 0x78: digits = 2  // x
        case 0x75: digits = 4  // u
        case 0x55: digits = 8  // U
        case ASCII.lineFeed, ASCII.carriageReturn:
            // An escaped line break joins the lines; empty lines that follow still count.
            consumeBreak()
            let breaks = try skipQuotedContinuation(quoteStart: quoteStart, double: true)
            scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: breaks))
            return
        default:
            var length = 1
            while pos + length < end, text[pos + length] & 0xC0 == 0x80 {
                length += 1
            }
            let shown = String(decoding: UnsafeBufferPointer(rebasing: text[pos..<(pos + length)]), as: UTF8.self)
            throw error("invalid escape '\\\(shown)' in a double-quoted scalar", at: escapeLocation)
        }
        pos += 1
        guard digits > 0 else { return }
        var value: UInt32 = 0
        for offset in 0..<digits {
            guard pos + offset < end, let digit = ASCII.hexValue(text[pos + offset]) else {
                throw error(
                    "the escape '\\\(Character(Unicode.Scalar(code)))' needs \(digits) hexadecimal digits",
                    at: escapeLocation)
            }
            value = value << 4 | UInt32(digit)
        }
        guard Unicode.Scalar(value) != nil else {
            throw error(
                "the escape U+\(InputValidator.hex(value, digits: 4)) is not a Unicode scalar value (surrogates and values above U+10FFFF cannot be escaped)",
                at: escapeLocation)
        }
        appendScalar(value)
        pos += digits
    }

    private mutating func appendScalar(_ value: UInt32) {
        guard let scalar = Unicode.Scalar(value) else { return }
        UTF8.encode(scalar) { scratch.append($0) }
    }

    /// A quoted scalar must be followed by whitespace, a `:`, or (in a flow) a flow indicator.
    private mutating func checkAfterClosingQuote() throws(Diagnostic) {
        guard pos < end else { return }
        let byte = text[pos]
        if ASCII.isWhitespace(byte) { return }
        if flowLevel > 0, byte == ASCII.colon || ASCII.isFlowIndicator(byte) { return }
        if flowLevel == 0, byte == ASCII.colon, isBlankOrEnd(pos + 1) { return }
        if byte == ASCII.hash {
            throw errorHere("a comment needs a space before '#'")
        }
        throw errorHere("unexpected text after the closing quote (expected a space, ':' or the end of the line)")
    }

    private func unterminatedQuoteError(_ start: SourceLocation, double: Bool) -> Diagnostic {
        let quote = double ? "\"" : "'"
        return error(
            "this \(double ? "double" : "single")-quoted scalar is never closed: expected \(quote) before the end of the file",
            at: start)
    }
}

import Primitives

extension Scanner {
    /// Scans a single- or double-quoted scalar: `''` and backslash escapes, line folding, escaped line
    /// breaks. Continuation lines must be indented past the enclosing block.
    mutating func scanQuotedScalar(double: Bool) throws(Diagnostic) -> YAMLNode {
        let start = here()
        let quote = double ? ASCII.doubleQuote : ASCII.singleQuote
        pos += 1
        // Text is taken straight from the file unless an escape, `''` or a line fold needs `scratch`.
        var segmentStart = pos
        var usesScratch = false
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        while true {
            while pos < end {
                let byte = text[pos]
                if byte == quote || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
                    || (double && byte == ASCII.backslash)
                {
                    break
                }
                pos += 1
            }
            guard pos < end else { throw unterminatedQuoteError(start, double: double) }
            let byte = text[pos]
            if byte == quote {
                if !double, pos + 1 < end, text[pos + 1] == ASCII.singleQuote {
                    scratch.append(contentsOf: text.slice(segmentStart, pos))
                    scratch.append(ASCII.singleQuote)
                    usesScratch = true
                    pos += 2
                    segmentStart = pos
                    continue
                }
                break
            }
            if byte == ASCII.backslash {
                scratch.append(contentsOf: text.slice(segmentStart, pos))
                usesScratch = true
                try scanEscape(quoteStart: start)
                segmentStart = pos
                continue
            }
            // A line break: whitespace before it is dropped; it folds to a space, or to one newline per
            // empty line that follows.
            var trimmed = pos
            while trimmed > segmentStart, text[trimmed - 1] == ASCII.space || text[trimmed - 1] == ASCII.tab {
                trimmed -= 1
            }
            scratch.append(contentsOf: text.slice(segmentStart, trimmed))
            usesScratch = true
            consumeBreak()
            let breaks = try skipQuotedContinuation(quoteStart: start, double: double)
            if breaks == 0 {
                scratch.append(ASCII.space)
            } else {
                scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: breaks))
            }
            segmentStart = pos
        }
        let string: String
        if usesScratch {
            scratch.append(contentsOf: text.slice(segmentStart, pos))
            string = String(decoding: scratch, as: UTF8.self)
        } else {
            string = String(decoding: text.slice(segmentStart, pos), as: UTF8.self)
        }
        pos += 1
        try checkAfterClosingQuote()
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
                    "this line continues the quoted scalar from line \(quoteStart.line) and must be indented by more than \(Scanner.spaces(indent))"
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
            let shown = String(decoding: text.slice(pos, (pos + length)), as: UTF8.self)
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

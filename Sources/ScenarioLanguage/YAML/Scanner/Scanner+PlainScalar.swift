extension Scanner {
    /// Scans a plain scalar, folding it across lines, and resolves it (null, bool, int, float or string).
    mutating func scanPlainScalar() throws(Diagnostic) -> YAMLNode {
        let start = here()
        // Continuation lines in block context must be indented past the enclosing block.
        let minimumColumn = indent + 1
        var firstChunk = pos..<pos
        var isSingleChunk = true
        var isFirst = true
        // The separator before the next chunk: spaces on the same line (a range), or a fold.
        var pendingSpaces = pos..<pos
        var pendingBreaks = -1
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }

        while true {
            let chunkStart = pos
            while pos < end {
                let byte = text[pos]
                if byte == ASCII.space || byte == ASCII.tab || ASCII.isBreak(byte) { break }
                if byte == ASCII.colon {
                    let next = pos + 1
                    if next >= end || ASCII.isWhitespace(text[next])
                        || (flowLevel > 0 && ASCII.isFlowIndicator(text[next]))
                    {
                        break
                    }
                } else if flowLevel > 0, ASCII.isFlowIndicator(byte) || byte == ASCII.question {
                    break
                }
                pos += 1
            }
            if pos == chunkStart { break }
            if isFirst {
                firstChunk = chunkStart..<pos
                isFirst = false
            } else {
                if isSingleChunk {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[firstChunk]))
                    isSingleChunk = false
                }
                if pendingBreaks < 0 {
                    scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[pendingSpaces]))
                } else if pendingBreaks == 0 {
                    scratch.append(ASCII.space)
                } else {
                    scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: pendingBreaks))
                }
                scratch.append(contentsOf: UnsafeBufferPointer(rebasing: text[chunkStart..<pos]))
            }

            let spacesStart = pos
            while pos < end, text[pos] == ASCII.space {
                pos += 1
            }
            guard pos < end else { break }
            let byte = text[pos]
            if !ASCII.isBreak(byte) {
                // A comment, a tab (an error reported by the next token), or more of this line.
                if byte == ASCII.hash || byte == ASCII.tab { break }
                pendingSpaces = spacesStart..<pos
                pendingBreaks = -1
                continue
            }
            guard let breaks = try skipPlainLineBreaks(minimumColumn: minimumColumn) else { break }
            pendingBreaks = breaks
        }
        return try resolvedPlainToken(start: start, firstChunk: firstChunk, isSingleChunk: isSingleChunk)
    }

    /// At a line break inside a plain scalar: consumes it and any empty lines; returns how many empty lines
    /// there were, or `nil` when the scalar ends before the next line (less indentation, a comment, a
    /// document marker, a tab or the end of the text).
    private mutating func skipPlainLineBreaks(minimumColumn: Int) throws(Diagnostic) -> Int? {
        consumeBreak()
        allowSimpleKey = true
        var breaks = 0
        while true {
            if isDocumentMarker(at: pos) { return nil }
            while pos < end, text[pos] == ASCII.space {
                pos += 1
            }
            guard pos < end else { return nil }
            if ASCII.isBreak(text[pos]) {
                consumeBreak()
                breaks += 1
                continue
            }
            break
        }
        let byte = text[pos]
        if byte == ASCII.hash || byte == ASCII.tab { return nil }
        let column = pos - lineStart
        if flowLevel == 0 {
            return column < minimumColumn ? nil : breaks
        }
        if column <= indent { throw flowIndentationError() }
        return breaks
    }

    private mutating func resolvedPlainToken(
        start: SourceLocation, firstChunk: Range<Int>, isSingleChunk: Bool
    ) throws(Diagnostic) -> YAMLNode {
        let value: YAMLValue
        let reading: YAML11Reading?
        if isSingleChunk {
            let bytes = UnsafeBufferPointer(rebasing: text[firstChunk])
            switch PlainScalarResolver.resolve(bytes) {
            case .value(let resolved):
                value = resolved
            case .string:
                value = .string(String(decoding: bytes, as: UTF8.self))
            case .integerOutOfRange:
                throw error(
                    "the integer \(String(decoding: bytes, as: UTF8.self)) does not fit in 64 bits; quote it to make it a string",
                    at: start)
            }
            reading = YAML11Resolver.mayDiffer(firstByte: bytes[0]) ? YAML11Resolver.difference(bytes, resolved: value) : nil
        } else {
            let string = String(decoding: scratch, as: UTF8.self)
            value = .string(string)
            // Only a YAML 1.1 timestamp may contain spaces.
            reading =
                ASCII.isDigit(scratch[0])
                ? scratch.withUnsafeBufferPointer { YAML11Resolver.difference($0, resolved: value) } : nil
        }
        return YAMLNode(value: value, location: start, style: .plain, yaml11Reading: reading)
    }
}

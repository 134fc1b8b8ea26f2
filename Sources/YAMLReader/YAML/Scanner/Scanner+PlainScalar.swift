import Primitives

extension Scanner {
    /// Scans a plain scalar, folding it across lines, and resolves it (null, bool, int, float or string).
    mutating func scanPlainScalar() throws(Diagnostic) -> YAMLNode {
        let start = here()
        // Continuation lines in block context must be indented past the enclosing block.
        let minimumColumn = indent + 1
        let inFlow = flowLevel > 0
        // The text is one run of the file unless the scalar has inner spaces or folds.
        let firstStart = pos
        var firstEnd = pos
        var isSingleChunk = true
        var isFirst = true
        // The separator before the next chunk: spaces on the same line, or a fold of `pendingBreaks` lines.
        var pendingSpacesStart = pos
        var pendingSpacesEnd = pos
        var pendingBreaks = -1
        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }

        while true {
            let chunkStart = pos
            while pos < end {
                let byte = text[pos]
                if byte == ASCII.space || byte == ASCII.lineFeed || byte == ASCII.carriageReturn
                    || byte == ASCII.tab
                {
                    break
                }
                if byte == ASCII.colon {
                    // `: ` (or `:` before a flow indicator in a flow) ends the scalar.
                    if pos + 1 >= end { break }
                    let next = text[pos + 1]
                    if next == ASCII.space || next == ASCII.lineFeed || next == ASCII.carriageReturn
                        || next == ASCII.tab
                    {
                        break
                    }
                    if inFlow,
                        next == ASCII.comma || next == ASCII.leftBracket || next == ASCII.rightBracket
                            || next == ASCII.leftBrace || next == ASCII.rightBrace
                    {
                        break
                    }
                } else if inFlow,
                    byte == ASCII.comma || byte == ASCII.leftBracket || byte == ASCII.rightBracket
                        || byte == ASCII.leftBrace || byte == ASCII.rightBrace || byte == ASCII.question
                {
                    break
                }
                pos += 1
            }
            if pos == chunkStart { break }
            if isFirst {
                firstEnd = pos
                isFirst = false
            } else {
                if isSingleChunk {
                    scratch.append(contentsOf: text.slice(firstStart, firstEnd))
                    isSingleChunk = false
                }
                if pendingBreaks < 0 {
                    scratch.append(contentsOf: text.slice(pendingSpacesStart, pendingSpacesEnd))
                } else if pendingBreaks == 0 {
                    scratch.append(ASCII.space)
                } else {
                    scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: pendingBreaks))
                }
                scratch.append(contentsOf: text.slice(chunkStart, pos))
            }

            let spacesStart = pos
            while pos < end, text[pos] == ASCII.space {
                pos += 1
            }
            guard pos < end else { break }
            let byte = text[pos]
            if byte != ASCII.lineFeed, byte != ASCII.carriageReturn {
                // A comment, a tab (an error reported by the next token), or more of this line.
                if byte == ASCII.hash || byte == ASCII.tab { break }
                pendingSpacesStart = spacesStart
                pendingSpacesEnd = pos
                pendingBreaks = -1
                continue
            }
            guard let breaks = try skipPlainLineBreaks(minimumColumn: minimumColumn) else { break }
            pendingBreaks = breaks
        }
        return try resolvedPlainNode(start: start, firstEnd: firstEnd, isSingleChunk: isSingleChunk)
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

    private mutating func resolvedPlainNode(
        start: SourceLocation, firstEnd: Int, isSingleChunk: Bool
    ) throws(Diagnostic) -> YAMLNode {
        let value: YAMLValue
        var reading: YAML11Reading?
        if isSingleChunk {
            let bytes = text.slice(start.offset, firstEnd)
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
            if YAML11Resolver.mayDiffer(firstByte: bytes[0]) {
                reading = YAML11Resolver.difference(bytes, resolved: value)
            }
        } else {
            value = .string(String(decoding: scratch, as: UTF8.self))
            // Only a YAML 1.1 timestamp may contain spaces.
            if ASCII.isDigit(scratch[0]) {
                reading = scratch.withUnsafeBufferPointer { YAML11Resolver.difference($0, resolved: value) }
            }
        }
        return YAMLNode(value: value, location: start, style: .plain, yaml11Reading: reading)
    }
}

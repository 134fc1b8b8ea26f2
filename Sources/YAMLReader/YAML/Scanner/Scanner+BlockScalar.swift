import Primitives

extension Scanner {
    private enum Chomping {
        /// `-`: no final line break.
        case strip
        /// Default: one final line break.
        case clip
        /// `+`: every trailing line break.
        case keep
    }

    /// Scans a literal (`|`) or folded (`>`) block scalar, `pos` at the indicator.
    mutating func scanBlockScalar(folded: Bool) throws(Diagnostic) -> YAMLNode {
        let start = here()
        pos += 1
        var chomping: Chomping?
        var increment: Int?
        for _ in 0..<2 {
            guard pos < end else { break }
            let byte = text[pos]
            if chomping == nil, byte == ASCII.plus || byte == ASCII.minus {
                chomping = byte == ASCII.plus ? .keep : .strip
            } else if increment == nil, byte >= 0x31, byte <= ASCII.nine {
                increment = Int(byte - ASCII.zero)
            } else if byte == ASCII.zero {
                throw errorHere("a block scalar's indentation indicator must be 1 to 9")
            } else {
                break
            }
            pos += 1
        }
        try skipBlockScalarHeaderRest()

        let parentIndent = indent
        let blockIndent: Int
        if let increment {
            if parentIndent < 0 {
                throw error(
                    "an indentation indicator on a top-level block scalar is read differently by YAML loaders; remove it",
                    at: start)
            }
            blockIndent = parentIndent + increment
        } else {
            blockIndent = try detectBlockIndent(parentIndent: parentIndent, start: start)
        }

        if !scratch.isEmpty { scratch.removeAll(keepingCapacity: true) }
        var hasContent = false
        var previousWasNormal = false
        var lastLineHadBreak = false
        var pendingBreaks = 0
        while pos < end {
            let lineBegin = pos
            var spaces = 0
            while spaces < blockIndent, pos < end, text[pos] == ASCII.space {
                pos += 1
                spaces += 1
            }
            guard pos < end else { break }
            let byte = text[pos]
            if ASCII.isBreak(byte) {
                consumeBreak()
                pendingBreaks += 1
                continue
            }
            if spaces < blockIndent {
                pos = lineBegin
                try checkLineAfterBlockScalar(spaces: spaces, byte: byte, parentIndent: parentIndent, start: start)
                break
            }
            // A content line. "Normal" lines (not starting with whitespace) fold into each other in `>`.
            let isNormal = byte != ASCII.space && byte != ASCII.tab
            if !hasContent {
                scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: pendingBreaks))
            } else if folded, previousWasNormal, isNormal {
                if pendingBreaks == 0 {
                    scratch.append(ASCII.space)
                } else {
                    scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: pendingBreaks))
                }
            } else {
                scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: pendingBreaks + 1))
            }
            pendingBreaks = 0
            let contentStart = pos
            while pos < end, !ASCII.isBreak(text[pos]) {
                pos += 1
            }
            scratch.append(contentsOf: text.slice(contentStart, pos))
            hasContent = true
            previousWasNormal = isNormal
            lastLineHadBreak = pos < end
            if lastLineHadBreak { consumeBreak() }
        }

        switch chomping ?? .clip {
        case .strip:
            break
        case .clip:
            if hasContent, lastLineHadBreak { scratch.append(ASCII.lineFeed) }
        case .keep:
            if hasContent, lastLineHadBreak { scratch.append(ASCII.lineFeed) }
            scratch.append(contentsOf: repeatElement(ASCII.lineFeed, count: pendingBreaks))
        }
        let string = String(decoding: scratch, as: UTF8.self)
        return YAMLNode(value: .string(string), location: start, style: folded ? .folded : .literal)
    }

    /// After the indicators: optional spaces and a comment, then a line break (consumed) or the end.
    private mutating func skipBlockScalarHeaderRest() throws(Diagnostic) {
        if pos < end, !ASCII.isWhitespace(text[pos]) {
            throw errorHere(
                "expected a line break after a block scalar header ('|' or '>', then optionally '+' or '-' and an indentation digit 1-9)"
            )
        }
        while pos < end, text[pos] == ASCII.space {
            pos += 1
        }
        if pos < end, text[pos] == ASCII.hash {
            while pos < end, !ASCII.isBreak(text[pos]) {
                pos += 1
            }
        }
        guard pos < end else { return }
        if text[pos] == ASCII.tab { throw tabError() }
        guard ASCII.isBreak(text[pos]) else {
            throw errorHere(
                "a block scalar's content starts on the line after '|' or '>'; only a comment may follow them")
        }
        consumeBreak()
    }

    /// The indentation of the first non-empty line, which must be deeper than the parent block and at
    /// least as deep as every empty line before it.
    private mutating func detectBlockIndent(parentIndent: Int, start: SourceLocation) throws(Diagnostic) -> Int {
        let minimumIndent = max(parentIndent + 1, 1)
        var probe = pos
        var widestEmptyLine = 0
        while probe < end {
            let lineBegin = probe
            while probe < end, text[probe] == ASCII.space {
                probe += 1
            }
            let spaces = probe - lineBegin
            guard probe < end, ASCII.isBreak(text[probe]) else {
                if probe >= end {
                    widestEmptyLine = max(widestEmptyLine, spaces)
                    break
                }
                // The first non-empty line.
                if spaces >= minimumIndent {
                    if widestEmptyLine > spaces {
                        throw error(
                            "a leading empty line of this block scalar has more spaces (\(widestEmptyLine)) than its first line (\(spaces))",
                            at: start)
                    }
                    return spaces
                }
                if parentIndent < 0, text[probe] != ASCII.tab, !isDocumentMarker(atLineStart: lineBegin) {
                    throw error("the content of a top-level block scalar must be indented", at: start)
                }
                break
            }
            widestEmptyLine = max(widestEmptyLine, spaces)
            probe += text[probe] == ASCII.carriageReturn && probe + 1 < end && text[probe + 1] == ASCII.lineFeed ? 2 : 1
        }
        return max(minimumIndent, widestEmptyLine)
    }

    /// Whether a document marker starts at `offset`, which is known to be the start of a line (not
    /// necessarily the current one).
    private mutating func isDocumentMarker(atLineStart offset: Int) -> Bool {
        guard offset + 3 <= end else { return false }
        let byte = text[offset]
        guard byte == ASCII.minus || byte == ASCII.dot else { return false }
        return text[offset + 1] == byte && text[offset + 2] == byte && isBlankOrEnd(offset + 3)
    }

    /// A non-empty line less indented than the block scalar ends it; it must then belong to an enclosing
    /// block (or be a comment).
    private mutating func checkLineAfterBlockScalar(
        spaces: Int, byte: UInt8, parentIndent: Int, start: SourceLocation
    ) throws(Diagnostic) {
        guard byte != ASCII.hash, byte != ASCII.tab, spaces > parentIndent else { return }
        if parentIndent < 0 {
            if isDocumentMarker(at: pos) { return }
            throw error(
                "this line ends the block scalar from line \(start.line), but a document has only one top-level node (indent it, or add a '---' line before a new document)",
                at: location(at: pos + spaces))
        }
        throw error(
            "this line is indented less than the block scalar from line \(start.line) but more than its parent (\(Scanner.spaces(parentIndent))): check its indentation",
            at: location(at: pos + spaces))
    }
}

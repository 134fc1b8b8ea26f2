import Primitives

/// A file's bytes and path, kept for locating and quoting lines in diagnostics.
///
/// The text is UTF-8 bytes as read from disk: nothing is decoded up front, so a file with invalid UTF-8
/// still has lines and locations (invalid bytes are shown as U+FFFD when a line is quoted). Lines end at
/// LF, CR LF or a lone CR. A leading UTF-8 byte order mark is not part of line 1.
public final class SourceFile: Sendable {
    /// The path as given; used verbatim in messages.
    public let path: String
    public let bytes: [UInt8]
    /// Offset of the first byte of each line; `lineStarts[0]` is 0, or 3 after a byte order mark.
    private let lineStarts: [Int]

    public init(path: String, bytes: [UInt8]) {
        self.path = path
        self.bytes = bytes
        self.lineStarts = SourceFile.findLineStarts(bytes)
    }

    /// A file made from text (stored as UTF-8).
    public convenience init(path: String, text: String) {
        self.init(path: path, bytes: Array(text.utf8))
    }

    /// Whether the bytes start with a UTF-8 byte order mark.
    public var hasByteOrderMark: Bool {
        bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF
    }

    /// The number of lines; a file ending in a line break has an empty last line.
    public var lineCount: Int { lineStarts.count }

    /// The text of a 1-based line without its line break; empty for a line outside the file.
    public func lineText(_ line: Int) -> String {
        guard line >= 1, line <= lineStarts.count else { return "" }
        let start = lineStarts[line - 1]
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }

    /// The line and column of a byte offset (clamped to the file).
    public func location(ofOffset offset: Int) -> SourceLocation {
        let offset = min(max(offset, 0), bytes.count)
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        let start = min(lineStarts[low], offset)
        var column = 1
        for index in start..<offset where bytes[index] & 0xC0 != 0x80 {
            column += 1
        }
        return SourceLocation(line: low + 1, column: column, offset: offset)
    }

    /// A diagnostic at `location`, quoting its line.
    public func diagnostic(
        at location: SourceLocation, _ message: String, severity: Diagnostic.Severity = .error
    ) -> Diagnostic {
        Diagnostic(
            severity: severity, file: path, location: location, message: message,
            sourceLine: lineText(location.line))
    }

    private static func findLineStarts(_ bytes: [UInt8]) -> [Int] {
        let first = bytes.count >= 3 && bytes[0] == 0xEF && bytes[1] == 0xBB && bytes[2] == 0xBF ? 3 : 0
        var starts = [first]
        bytes.withUnsafeBufferPointer { buffer in
            var index = first
            let end = buffer.count
            while index < end {
                let byte = buffer[index]
                index += 1
                if byte == 0x0A {
                    starts.append(index)
                } else if byte == 0x0D {
                    if index < end, buffer[index] == 0x0A { index += 1 }
                    starts.append(index)
                }
            }
        }
        return starts
    }
}

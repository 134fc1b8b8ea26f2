import Primitives

/// Turns validated UTF-8 bytes into tokens of the YAML subset.
///
/// It tracks block indentation (emitting block starts and ends) like a classic YAML scanner. Keys are
/// simpler than in full YAML because only scalars may be keys: right after scanning a scalar the scanner
/// looks ahead on the same line for `:`, and if it is there emits `KEY`, the scalar and `VALUE` (preceded
/// by a block-mapping start when the key opens a new mapping). Anything outside the subset is reported
/// where it appears. Nothing here recurses.
///
/// The bytes must stay valid while the scanner lives; `YAMLParser` keeps both inside one
/// `withUnsafeBufferPointer` call.
struct Scanner {
    let file: SourceFile
    let text: UnsafeBufferPointer<UInt8>
    let end: Int
    /// Combined limit of block indentation levels and flow levels.
    let maximumDepth: Int

    var pos: Int
    /// The 1-based line of `pos`.
    var line = 1
    /// Offset of the first byte of the current line.
    var lineStart: Int
    private var cachedColumnLine = 0
    private var cachedColumnOffset = 0
    private var cachedColumn = 1

    /// Tokens waiting for the parser: `queue[head..<queueCount]` (the array's storage is reused).
    private var queue: [Token] = []
    private var head = 0
    private var queueCount = 0
    /// The nodes of scalar tokens still in the queue, in order: `scalars[scalarHead..<scalarCount]`.
    private var scalars: [YAMLNode] = []
    private var scalarHead = 0
    private var scalarCount = 0
    var streamEnded = false

    var flowLevel = 0
    var flowOpenings: [FlowOpening] = []
    /// The current block indentation column; -1 at the top.
    var indent = -1
    /// Enclosing indentation columns, innermost last.
    var indents: [Int] = []
    /// Whether the next token may be a key (at the start of a line, after `- `, `[`, `{` or `,`).
    var allowSimpleKey = true
    /// The last token appended, for explaining a stray `:`.
    var lastTokenKind = Token.Kind.streamStart
    var lastTokenLocation = SourceLocation(line: 1, column: 1, offset: 0)
    /// Reused buffer for building scalar text.
    var scratch: [UInt8] = []

    init(file: SourceFile, text: UnsafeBufferPointer<UInt8>, start: Int, maximumDepth: Int) {
        self.file = file
        self.text = text
        self.end = text.count
        self.maximumDepth = maximumDepth
        self.pos = start
        self.lineStart = start
        queue.reserveCapacity(16)
        append(Token(.streamStart, at: location(at: start)))
    }

    // MARK: Tokens for the parser

    /// The kind of the next token.
    @inline(__always)
    mutating func peekKind() throws(Diagnostic) -> Token.Kind {
        if head == queueCount { try fetchNext() }
        return queue[head].kind
    }

    /// The next token, left in place.
    @inline(__always)
    mutating func peek() throws(Diagnostic) -> Token {
        if head == queueCount { try fetchNext() }
        return queue[head]
    }

    /// The next token, consumed.
    @inline(__always)
    mutating func next() throws(Diagnostic) -> Token {
        if head == queueCount { try fetchNext() }
        let token = queue[head]
        head += 1
        if head == queueCount {
            head = 0
            queueCount = 0
        }
        return token
    }

    /// The node of the scalar or key token just consumed with `next()`.
    mutating func takeScalar() -> YAMLNode {
        var node = YAMLNode(value: .null, location: SourceLocation(line: 0, column: 0, offset: 0))
        guard scalarHead < scalarCount else { return node }
        swap(&node, &scalars[scalarHead])
        scalarHead += 1
        if scalarHead == scalarCount {
            scalarHead = 0
            scalarCount = 0
        }
        return node
    }

    private mutating func fetchNext() throws(Diagnostic) {
        if streamEnded {
            // Only after the end of the stream was handed out; keep answering "end".
            append(Token(.streamEnd, at: location(at: pos)))
        } else {
            try fetchMoreTokens()
        }
    }

    /// Appends a token; the queue's storage is reused once it has been drained.
    mutating func append(_ token: Token) {
        lastTokenKind = token.kind
        lastTokenLocation = token.location
        if queueCount < queue.count {
            queue[queueCount] = token
        } else {
            queue.append(token)
        }
        queueCount += 1
    }

    /// Appends a scalar token (or a key token, which carries its scalar) for `node`.
    mutating func appendScalar(_ node: YAMLNode, kind: Token.Kind = .scalar) {
        append(Token(kind, at: node.location))
        if scalarCount < scalars.count {
            scalars[scalarCount] = node
        } else {
            scalars.append(node)
        }
        scalarCount += 1
    }

    // MARK: Positions

    /// The location of a byte offset on the current line (columns are counted incrementally).
    mutating func location(at offset: Int) -> SourceLocation {
        var column = 1
        var from = lineStart
        if cachedColumnLine == line, offset >= cachedColumnOffset {
            column = cachedColumn
            from = cachedColumnOffset
        }
        var index = from
        while index < offset {
            if text[index] & 0xC0 != 0x80 { column += 1 }
            index += 1
        }
        cachedColumnLine = line
        cachedColumnOffset = offset
        cachedColumn = column
        return SourceLocation(line: line, column: column, offset: offset)
    }

    /// The location of `pos`.
    mutating func here() -> SourceLocation { location(at: pos) }

    /// Consumes one line break (LF, CR LF or CR) at `pos`.
    mutating func consumeBreak() {
        if text[pos] == ASCII.carriageReturn, pos + 1 < end, text[pos + 1] == ASCII.lineFeed {
            pos += 2
        } else {
            pos += 1
        }
        line += 1
        lineStart = pos
    }

    // The helpers below are `mutating` although they only read: a non-mutating call from a mutating
    // method copies the whole scanner in unoptimized (debug) builds.

    /// Whether `offset` holds a space, tab, line break or the end of the text.
    mutating func isBlankOrEnd(_ offset: Int) -> Bool {
        guard offset < end else { return true }
        let byte = text[offset]
        return byte == ASCII.space || byte == ASCII.lineFeed || byte == ASCII.carriageReturn || byte == ASCII.tab
    }

    /// Whether a `---` or `...` document marker (followed by whitespace or the end) starts at `offset`, at
    /// the start of a line.
    mutating func isDocumentMarker(at offset: Int) -> Bool {
        guard offset == lineStart, offset + 3 <= end else { return false }
        let byte = text[offset]
        guard byte == ASCII.minus || byte == ASCII.dot else { return false }
        return text[offset + 1] == byte && text[offset + 2] == byte && isBlankOrEnd(offset + 3)
    }

    /// An error diagnostic at `location`.
    func error(_ message: String, at location: SourceLocation) -> Diagnostic {
        file.diagnostic(at: location, message)
    }

    /// An error diagnostic at the current position.
    mutating func errorHere(_ message: String) -> Diagnostic {
        error(message, at: here())
    }
}

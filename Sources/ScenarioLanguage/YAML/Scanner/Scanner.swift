/// Turns validated UTF-8 bytes into tokens of the YAML subset.
///
/// It follows the classic YAML scanner design: it tracks block indentation (emitting block starts and
/// ends), and remembers for each flow level a "possible simple key" so that when a `:` follows on the same
/// line it can insert a `KEY` token (and a block-mapping start) before the key retroactively. Anything
/// outside the subset is reported where it appears. Nothing here recurses.
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
    private(set) var tokensTaken = 0
    var streamEnded = false

    var flowLevel = 0
    var flowOpenings: [FlowOpening] = []
    /// The current block indentation column; -1 at the top.
    var indent = -1
    var indents: [Int] = []
    var allowSimpleKey = true
    /// The possible simple key of each flow level (index 0 is block context).
    var simpleKeys: [SimpleKey?] = [nil]
    var simpleKeyCount = 0
    /// The last scalar appended, for explaining a stray `:`.
    var lastScalarLocation: SourceLocation?
    var lastTokenWasScalar = false
    /// Reused buffer for building scalar text.
    var scratch: [UInt8] = []

    init(file: SourceFile, text: UnsafeBufferPointer<UInt8>, start: Int, maximumDepth: Int) {
        self.file = file
        self.text = text
        self.end = text.count
        self.maximumDepth = maximumDepth
        self.pos = start
        self.lineStart = start
        queue.reserveCapacity(64)
        append(Token(.streamStart, at: location(at: start)))
    }

    // MARK: Tokens for the parser

    /// The kind of the next token.
    @inline(__always)
    mutating func peekKind() throws(Diagnostic) -> Token.Kind {
        try fill()
        return queue[head].effectiveKind
    }

    /// The next token, left in place.
    @inline(__always)
    mutating func peek() throws(Diagnostic) -> Token {
        try fill()
        let token = queue[head]
        return Token(token.effectiveKind, at: token.location)
    }

    /// The node of the scalar token just consumed with `next()`.
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

    /// The next token, consumed.
    mutating func next() throws(Diagnostic) -> Token {
        try fill()
        let token = queue[head]
        if token.startsMapping {
            queue[head].startsMapping = false
            return Token(.blockMappingStart, at: token.location)
        }
        if token.isKey {
            queue[head].isKey = false
            return Token(.key, at: token.location)
        }
        head += 1
        tokensTaken += 1
        if head == queueCount {
            head = 0
            queueCount = 0
        }
        return token
    }

    /// Makes sure the head of the queue is final.
    @inline(__always)
    private mutating func fill() throws(Diagnostic) {
        if head < queueCount, simpleKeyCount == 0 { return }
        try fillSlowly()
    }

    private mutating func fillSlowly() throws(Diagnostic) {
        while try needsMoreTokens() {
            try fetchMoreTokens()
        }
        if head == queueCount {
            // Only after the end of the stream was handed out; keep answering "end".
            append(Token(.streamEnd, at: location(at: pos)))
        }
    }

    /// Whether the head of the queue may still change: a possible simple key is pending in it.
    private mutating func needsMoreTokens() throws(Diagnostic) -> Bool {
        if streamEnded { return false }
        if head == queueCount { return true }
        guard simpleKeyCount > 0 else { return false }
        try removeStaleSimpleKeys()
        var lowest = Int.max
        for case let key? in simpleKeys where key.tokenNumber < lowest {
            lowest = key.tokenNumber
        }
        return lowest == tokensTaken
    }

    /// The number the next appended token will have.
    var nextTokenNumber: Int { tokensTaken + queueCount - head }

    /// Appends a token; the queue's storage is reused once it has been drained.
    mutating func append(_ token: Token) {
        lastTokenWasScalar = false
        if queueCount < queue.count {
            queue[queueCount] = token
        } else {
            queue.append(token)
        }
        queueCount += 1
    }

    /// Appends a scalar token for `node`.
    mutating func appendScalar(_ node: YAMLNode) {
        append(Token(.scalar, at: node.location))
        lastTokenWasScalar = true
        lastScalarLocation = node.location
        if scalarCount < scalars.count {
            scalars[scalarCount] = node
        } else {
            scalars.append(node)
        }
        scalarCount += 1
    }

    /// Marks the token numbered `number` (still in the queue) as a mapping key, optionally also as the
    /// first key of a new block mapping: the parser then sees `BLOCK-MAPPING-START`, `KEY` before it.
    mutating func markKey(tokenNumber number: Int, startsMapping: Bool) {
        let index = head + number - tokensTaken
        queue[index].isKey = true
        queue[index].startsMapping = startsMapping
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

    /// Whether `offset` holds a space, tab, line break or the end of the text.
    func isBlankOrEnd(_ offset: Int) -> Bool {
        offset >= end || ASCII.isWhitespace(text[offset])
    }

    /// Whether a `---` or `...` document marker (followed by whitespace or the end) starts at `offset`, at
    /// the start of a line.
    func isDocumentMarker(at offset: Int) -> Bool {
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

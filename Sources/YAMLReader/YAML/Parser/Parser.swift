import Primitives

/// Reads tokens into documents: a state machine over the YAML subset's grammar with an explicit stack
/// of states, feeding a `TreeBuilder`.
struct Parser {
    private var scanner: Scanner
    private var builder: TreeBuilder
    private var state = ParserState.streamStart
    /// States to return to: `states[..<stateCount]` (slots are reused, which keeps debug builds fast).
    private var states: [ParserState] = []
    private var stateCount = 0
    private var documents: [YAMLDocument] = []
    private var documentLocation = SourceLocation(line: 1, column: 1, offset: 0)
    private let file: SourceFile

    init(scanner: Scanner, maximumDepth: Int) {
        self.scanner = scanner
        self.file = scanner.file
        self.builder = TreeBuilder(file: scanner.file, maximumDepth: maximumDepth)
    }

    /// Parses the whole stream.
    mutating func parseStream() throws(Diagnostic) -> [YAMLDocument] {
        while true {
            switch state {
            case .streamStart:
                _ = try scanner.next()
                state = .implicitDocumentStart
            case .implicitDocumentStart:
                let token = try scanner.peek()
                if token.kind == .documentStart || token.kind == .streamEnd {
                    state = .documentStart
                } else {
                    documentLocation = token.location
                    push(.documentEnd)
                    state = .blockNode
                }
            case .documentStart:
                if try parseDocumentStart() { return documents }
            case .documentContent:
                let token = try scanner.peek()
                switch token.kind {
                case .documentStart, .documentEnd, .streamEnd:
                    try builder.add(emptyNode(at: documentLocation))
                    popState()
                default:
                    state = .blockNode
                }
            case .documentEnd:
                try parseDocumentEnd()
            case .blockNode:
                try parseNode(block: true, indentlessSequence: false)
            case .blockNodeOrIndentlessSequence:
                try parseNode(block: true, indentlessSequence: true)
            case .flowNode:
                try parseNode(block: false, indentlessSequence: false)
            case .blockSequenceFirstEntry:
                _ = try scanner.next()
                state = .blockSequenceEntry
            case .blockSequenceEntry:
                try parseBlockSequenceEntry()
            case .indentlessSequenceEntry:
                try parseIndentlessSequenceEntry()
            case .blockMappingFirstKey:
                _ = try scanner.next()
                state = .blockMappingKey
            case .blockMappingKey:
                try parseBlockMappingKey()
            case .blockMappingValue:
                try parseBlockMappingValue()
            case .flowSequenceFirstEntry:
                _ = try scanner.next()
                state = .flowSequenceEntry(first: true)
            case .flowSequenceEntry(let first):
                try parseFlowSequenceEntry(first: first)
            case .flowSequenceEntryMappingValue:
                try parseFlowPairValue(then: .flowSequenceEntryMappingEnd, closer: .flowSequenceEnd)
            case .flowSequenceEntryMappingEnd:
                try builder.endCollection()
                state = .flowSequenceEntry(first: false)
            case .flowMappingFirstKey:
                _ = try scanner.next()
                state = .flowMappingKey(first: true)
            case .flowMappingKey(let first):
                try parseFlowMappingKey(first: first)
            case .flowMappingValue:
                try parseFlowPairValue(then: .flowMappingKey(first: false), closer: .flowMappingEnd)
            case .flowMappingEmptyValue:
                try builder.add(emptyNode(at: try scanner.peek().location))
                state = .flowMappingKey(first: false)
            }
        }
    }

    private mutating func push(_ next: ParserState) {
        if stateCount < states.count {
            states[stateCount] = next
        } else {
            states.append(next)
        }
        stateCount += 1
    }

    private mutating func popState() {
        if stateCount == 0 {
            state = .documentStart
        } else {
            stateCount -= 1
            state = states[stateCount]
        }
    }

    /// A plain null standing for an omitted node.
    private func emptyNode(at location: SourceLocation) -> YAMLNode {
        YAMLNode(value: .null, location: location, style: .plain)
    }

    /// An omitted node right after a one-character indicator (`-`, `:`).
    private func emptyNode(after indicator: Token) -> YAMLNode {
        let location = indicator.location
        return emptyNode(
            at: SourceLocation(line: location.line, column: location.column + 1, offset: location.offset + 1))
    }

    private func unexpected(_ token: Token, expected: String) -> Diagnostic {
        file.diagnostic(at: token.location, "expected \(expected), found \(token.kind.phrase)")
    }

    private var collectionLine: String {
        builder.currentCollectionLocation.map { " (started at line \($0.line))" } ?? ""
    }

    // MARK: Documents

    /// Returns true at the end of the stream.
    private mutating func parseDocumentStart() throws(Diagnostic) -> Bool {
        while try scanner.peekKind() == .documentEnd {
            _ = try scanner.next()
        }
        let token = try scanner.peek()
        if token.kind == .streamEnd { return true }
        guard token.kind == .documentStart else {
            throw file.diagnostic(
                at: token.location, "expected '---' to start another document, found \(token.kind.phrase)")
        }
        _ = try scanner.next()
        documentLocation = token.location
        push(.documentEnd)
        state = .documentContent
        return false
    }

    private mutating func parseDocumentEnd() throws(Diagnostic) {
        let token = try scanner.peek()
        switch token.kind {
        case .documentEnd:
            _ = try scanner.next()
        case .documentStart, .streamEnd:
            break
        default:
            throw unexpected(token, expected: "the end of the document (a document holds a single top-level node)")
        }
        documents.append(YAMLDocument(root: builder.takeRoot(emptyAt: documentLocation), location: documentLocation))
        state = .documentStart
    }

    // MARK: Nodes

    private mutating func parseNode(block: Bool, indentlessSequence: Bool) throws(Diagnostic) {
        let token = try scanner.peek()
        switch token.kind {
        case .scalar:
            _ = try scanner.next()
            try builder.add(scanner.takeScalar())
            popState()
        case .blockEntry where indentlessSequence:
            try builder.beginSequence(at: token.location)
            state = .indentlessSequenceEntry
        case .flowSequenceStart:
            try builder.beginSequence(at: token.location)
            state = .flowSequenceFirstEntry
        case .flowMappingStart:
            try builder.beginMapping(at: token.location)
            state = .flowMappingFirstKey
        case .blockSequenceStart where block:
            try builder.beginSequence(at: token.location)
            state = .blockSequenceFirstEntry
        case .blockMappingStart where block:
            try builder.beginMapping(at: token.location)
            state = .blockMappingFirstKey
        default:
            throw unexpected(token, expected: "a value")
        }
    }

    // MARK: Block collections

    private mutating func parseBlockSequenceEntry() throws(Diagnostic) {
        let token = try scanner.peek()
        switch token.kind {
        case .blockEntry:
            _ = try scanner.next()
            let following = try scanner.peekKind()
            if following == .blockEntry || following == .blockEnd {
                try builder.add(emptyNode(after: token))
            } else {
                push(.blockSequenceEntry)
                state = .blockNode
            }
        case .blockEnd:
            _ = try scanner.next()
            try builder.endCollection()
            popState()
        default:
            throw unexpected(token, expected: "another '- ' entry of the sequence\(collectionLine) or less indentation")
        }
    }

    private mutating func parseIndentlessSequenceEntry() throws(Diagnostic) {
        let token = try scanner.peek()
        guard token.kind == .blockEntry else {
            try builder.endCollection()
            popState()
            return
        }
        _ = try scanner.next()
        switch try scanner.peekKind() {
        case .blockEntry, .key, .value, .blockEnd:
            try builder.add(emptyNode(after: token))
        default:
            push(.indentlessSequenceEntry)
            state = .blockNode
        }
    }

    private mutating func parseBlockMappingKey() throws(Diagnostic) {
        let token = try scanner.peek()
        switch token.kind {
        case .key:
            _ = try scanner.next()
            try builder.add(scanner.takeScalar())
            state = .blockMappingValue
        case .blockEnd:
            _ = try scanner.next()
            try builder.endCollection()
            popState()
        default:
            throw unexpected(
                token, expected: "a 'key: value' entry of the mapping\(collectionLine) or less indentation")
        }
    }

    private mutating func parseBlockMappingValue() throws(Diagnostic) {
        let token = try scanner.peek()
        guard token.kind == .value else {
            try builder.add(emptyNode(at: token.location))
            state = .blockMappingKey
            return
        }
        _ = try scanner.next()
        switch try scanner.peekKind() {
        case .key, .value, .blockEnd:
            try builder.add(emptyNode(after: token))
            state = .blockMappingKey
        default:
            push(.blockMappingKey)
            state = .blockNodeOrIndentlessSequence
        }
    }

    // MARK: Flow collections

    private mutating func parseFlowSequenceEntry(first: Bool) throws(Diagnostic) {
        var token = try scanner.peek()
        if token.kind != .flowSequenceEnd {
            if !first {
                guard token.kind == .flowEntry else {
                    throw unexpected(token, expected: "',' or ']' in the flow sequence\(collectionLine)")
                }
                _ = try scanner.next()
                token = try scanner.peek()
            }
            if token.kind == .key {
                // `[key: value]`: a single-pair mapping, located at its key.
                _ = try scanner.next()
                try builder.beginMapping(at: token.location)
                try builder.add(scanner.takeScalar())
                state = .flowSequenceEntryMappingValue
                return
            }
            if token.kind != .flowSequenceEnd {
                push(.flowSequenceEntry(first: false))
                state = .flowNode
                return
            }
        }
        _ = try scanner.next()
        try builder.endCollection()
        popState()
    }

    private mutating func parseFlowMappingKey(first: Bool) throws(Diagnostic) {
        var token = try scanner.peek()
        if token.kind != .flowMappingEnd {
            if !first {
                guard token.kind == .flowEntry else {
                    throw unexpected(token, expected: "',' or '}' in the flow mapping\(collectionLine)")
                }
                _ = try scanner.next()
                token = try scanner.peek()
            }
            if token.kind == .key {
                _ = try scanner.next()
                try builder.add(scanner.takeScalar())
                state = .flowMappingValue
                return
            }
            if token.kind != .flowMappingEnd {
                // `{a, b}`: a key without a value.
                push(.flowMappingEmptyValue)
                state = .flowNode
                return
            }
        }
        _ = try scanner.next()
        try builder.endCollection()
        popState()
    }

    /// The value after a flow key: a node, or null when the `:` (or the value) is omitted.
    private mutating func parseFlowPairValue(then next: ParserState, closer: Token.Kind) throws(Diagnostic) {
        let token = try scanner.peek()
        guard token.kind == .value else {
            try builder.add(emptyNode(at: token.location))
            state = next
            return
        }
        _ = try scanner.next()
        let following = try scanner.peekKind()
        if following == .flowEntry || following == closer {
            try builder.add(emptyNode(after: token))
            state = next
        } else {
            push(next)
            state = .flowNode
        }
    }
}

/// Reads a rules file into its syntax tree: recursive descent, one token of lookahead, with bounded nesting.
struct Parser {
    var lexer: Lexer
    var current: Token
    /// How many expression levels the parser is inside now (its own recursion), bounded by
    /// `RulesLimits.expressionDepth`.
    var nesting = 0
    private var matchNesting = 0
    /// The parser's own work so far: one per grammar rule entered (the lexer counts its own).
    var ruleSteps = 0
    /// All the work of reading the file so far, the lexer's included.
    var steps: Int { ruleSteps + lexer.steps }

    init(_ text: String) throws(SyntaxProblem) {
        lexer = Lexer(text)
        current = try lexer.next()
    }

    mutating func parseFile() throws(SyntaxProblem) -> RulesFileSyntax {
        var file = RulesFileSyntax(version: 1)
        if current.isIdentifier("rules_version") {
            file.versionPosition = current.position
            try advance()
            try expect(.equal, "'=' after rules_version")
            guard case .string(let text) = current.kind else {
                throw SyntaxProblem("rules_version takes a quoted '1' or '2'", at: current.position)
            }
            guard let version = Int(text), version == 1 || version == 2 else {
                throw SyntaxProblem("rules_version must be '1' or '2', not '\(text)'", at: current.position)
            }
            file.version = version
            try advance()
            try skipOptional(.semicolon)
        }
        guard current.isIdentifier("service") else {
            if current.isIdentifier("rules_version") {
                throw SyntaxProblem("rules_version is given twice", at: current.position)
            }
            throw SyntaxProblem("expected 'service firebase.storage', found \(current.quoted)", at: current.position)
        }
        let position = current.position
        try advance()
        var name = try expectIdentifier("a service name")
        while current.isPunctuation(.dot) {
            try advance()
            name += "." + (try expectIdentifier("a service name"))
        }
        try expect(.leftBrace, "'{' to open the service")
        let body = try parseBlock(inMatch: false)
        file.service = ServiceSyntax(name: name, position: position, body: body)
        if current.isIdentifier("service") {
            throw SyntaxProblem("a rules file holds one service", at: current.position)
        }
        if current.kind != .endOfFile {
            throw SyntaxProblem("unexpected \(current.quoted) after the service", at: current.position)
        }
        return file
    }

    // MARK: - Declarations

    /// The declarations up to and including the closing brace.
    private mutating func parseBlock(inMatch: Bool) throws(SyntaxProblem) -> BlockSyntax {
        ruleSteps += 1
        var block = BlockSyntax()
        while !current.isPunctuation(.rightBrace) {
            switch current.kind {
            case .identifier("match"):
                block.matches.append(try parseMatch())
            case .identifier("allow"):
                guard inMatch else {
                    throw SyntaxProblem("'allow' must be inside a 'match' block", at: current.position)
                }
                block.allows.append(try parseAllow())
            case .identifier("function"):
                block.functions.append(try parseFunction())
            case .endOfFile:
                throw SyntaxProblem("missing '}' at the end of the file", at: current.position)
            default:
                throw SyntaxProblem(
                    "expected 'match', 'allow', 'function' or '}', found \(current.quoted)", at: current.position)
            }
        }
        try advance()
        return block
    }

    private mutating func parseMatch() throws(SyntaxProblem) -> MatchSyntax {
        ruleSteps += 1
        let position = current.position
        matchNesting += 1
        defer { matchNesting -= 1 }
        if matchNesting > RulesLimits.matchDepth {
            throw SyntaxProblem("match blocks nest deeper than \(RulesLimits.matchDepth) levels", at: position)
        }
        guard try lexer.nextRaw(is: "/") else {
            throw SyntaxProblem("a match path starts with '/'", at: lexer.position)
        }
        var segments: [PathSegmentSyntax] = []
        while lexer.immediately("/") {
            lexer.take("/")
            let segmentPosition = lexer.position
            if lexer.immediately("{") {
                segments.append(try pathVariable(try lexer.pathVariable(), at: segmentPosition))
            } else {
                let literal = lexer.pathLiteralSegment()
                if literal.isEmpty {
                    throw SyntaxProblem("empty segment in a match path", at: segmentPosition)
                }
                segments.append(.literal(literal))
            }
        }
        try advance()
        try expect(.leftBrace, "'{' after the match path")
        let body = try parseBlock(inMatch: true)
        return MatchSyntax(segments: segments, position: position, body: body)
    }

    private func pathVariable(_ text: String, at position: SourcePosition) throws(SyntaxProblem)
        -> PathSegmentSyntax
    {
        var name = Substring(text)
        var recursive = false
        if let equal = text.firstIndex(of: "=") {
            guard text[text.index(after: equal)...] == "**" else {
                throw SyntaxProblem("only '**' may follow '=' in a path variable ({name=**})", at: position)
            }
            name = text[..<equal]
            recursive = true
        }
        guard let first = name.unicodeScalars.first, Lexer.isIdentifierStart(first),
            name.unicodeScalars.allSatisfy(Lexer.isIdentifierPart)
        else {
            throw SyntaxProblem("'{\(text)}' is not a path variable ({name} or {name=**})", at: position)
        }
        return recursive ? .recursive(String(name), position) : .variable(String(name), position)
    }

    private mutating func parseAllow() throws(SyntaxProblem) -> AllowSyntax {
        ruleSteps += 1
        let position = current.position
        try advance()
        var methods: [(name: String, position: SourcePosition)] = []
        repeat {
            if !methods.isEmpty { try advance() }
            let methodPosition = current.position
            methods.append(
                (try expectIdentifier("a method (read, write, get, list, create, update, delete)"), methodPosition))
        } while current.isPunctuation(.comma)
        var condition: ExpressionSyntax?
        if current.isPunctuation(.colon) {
            try advance()
            guard current.isIdentifier("if") else {
                throw SyntaxProblem("expected 'if' before the condition, found \(current.quoted)", at: current.position)
            }
            try advance()
            condition = try parseExpression().expression
        }
        try endStatement()
        return AllowSyntax(methods: methods, condition: condition, position: position)
    }

    private mutating func parseFunction() throws(SyntaxProblem) -> FunctionSyntax {
        ruleSteps += 1
        let position = current.position
        try advance()
        let name = try expectIdentifier("a function name")
        try expect(.leftParen, "'(' after the function name")
        var parameters: [(name: String, position: SourcePosition)] = []
        while !current.isPunctuation(.rightParen) {
            if !parameters.isEmpty { try expect(.comma, "',' or ')' in the parameters") }
            let parameterPosition = current.position
            parameters.append((try expectIdentifier("a parameter name"), parameterPosition))
        }
        try advance()
        try expect(.leftBrace, "'{' to open the function body")
        var lets: [(name: String, value: ExpressionSyntax, position: SourcePosition)] = []
        while current.isIdentifier("let") {
            let letPosition = current.position
            try advance()
            let letName = try expectIdentifier("a name after 'let'")
            try expect(.equal, "'=' after the let name")
            let value = try parseExpression().expression
            try expect(.semicolon, "';' after a let binding")
            lets.append((letName, value, letPosition))
        }
        guard current.isIdentifier("return") else {
            throw SyntaxProblem(
                "a function body is 'let' bindings then one 'return', found \(current.quoted)", at: current.position)
        }
        try advance()
        let result = try parseExpression().expression
        try skipOptional(.semicolon)
        try expect(.rightBrace, "'}' after the return statement")
        return FunctionSyntax(name: name, parameters: parameters, lets: lets, result: result, position: position)
    }

    // MARK: - Tokens

    mutating func advance() throws(SyntaxProblem) {
        current = try lexer.next()
    }

    mutating func expect(_ punctuation: Punctuation, _ what: String) throws(SyntaxProblem) {
        guard current.isPunctuation(punctuation) else {
            throw SyntaxProblem("expected \(what), found \(current.quoted)", at: current.position)
        }
        try advance()
    }

    mutating func expectIdentifier(_ what: String) throws(SyntaxProblem) -> String {
        guard let name = current.identifier else {
            throw SyntaxProblem("expected \(what), found \(current.quoted)", at: current.position)
        }
        try advance()
        return name
    }

    private mutating func skipOptional(_ punctuation: Punctuation) throws(SyntaxProblem) {
        if current.isPunctuation(punctuation) { try advance() }
    }

    /// A statement ends with `;`, which Firebase's examples sometimes leave out before a `}` or another statement.
    private mutating func endStatement() throws(SyntaxProblem) {
        if current.isPunctuation(.semicolon) {
            try advance()
            return
        }
        let next =
            current.isPunctuation(.rightBrace) || current.isIdentifier("allow") || current.isIdentifier("match")
            || current.isIdentifier("function")
        if current.kind == .endOfFile {
            throw SyntaxProblem("missing '}' at the end of the file", at: current.position)
        }
        guard next else { throw SyntaxProblem("expected ';', found \(current.quoted)", at: current.position) }
    }
}

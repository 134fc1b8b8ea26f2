/// An expression and the height of its tree, bounded by `RulesLimits.expressionDepth` so that neither checking
/// nor evaluating it can exhaust the stack.
struct ParsedExpression {
    var expression: ExpressionSyntax
    var depth: Int
}

extension Parser {
    mutating func parseExpression() throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        let position = current.position
        nesting += 1
        defer { nesting -= 1 }
        if nesting > RulesLimits.expressionDepth {
            throw SyntaxProblem("expression nests deeper than \(RulesLimits.expressionDepth) levels", at: position)
        }
        let condition = try parseLogical(isAnd: false)
        guard current.isPunctuation(.question) else { return condition }
        try advance()
        let whenTrue = try parseExpression()
        try expect(.colon, "':' in a conditional expression")
        let whenFalse = try parseExpression()
        return try make(
            .conditional(condition.expression, whenTrue.expression, whenFalse.expression, position),
            above: condition, whenTrue, whenFalse)
    }

    private mutating func parseLogical(isAnd: Bool) throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        let first = isAnd ? try parseRelation() : try parseLogical(isAnd: true)
        let symbol: Punctuation = isAnd ? .and : .or
        guard current.isPunctuation(symbol) else { return first }
        let position = current.position
        var operands = [first]
        while current.isPunctuation(symbol) {
            try advance()
            operands.append(isAnd ? try parseRelation() : try parseLogical(isAnd: true))
        }
        return try make(.logical(isAnd: isAnd, operands.map(\.expression), position), above: operands)
    }

    private mutating func parseRelation() throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        var left = try parseBinary(level: 0)
        while true {
            let position = current.position
            if current.isIdentifier("is") {
                try advance()
                let typePosition = current.position
                let name = try expectIdentifier("a type name after 'is'")
                guard let type = RulesType(rawValue: name) else {
                    throw SyntaxProblem(
                        "unknown type '\(name)' (one of \(RulesType.allCases.map(\.rawValue).joined(separator: ", ")))",
                        at: typePosition)
                }
                left = try make(.isType(left.expression, type, position), above: left)
                continue
            }
            let operation: BinaryOperator
            switch current.kind {
            case .punctuation(.equalEqual): operation = .equal
            case .punctuation(.notEqual): operation = .notEqual
            case .punctuation(.less): operation = .less
            case .punctuation(.lessEqual): operation = .lessEqual
            case .punctuation(.greater): operation = .greater
            case .punctuation(.greaterEqual): operation = .greaterEqual
            case .identifier("in"): operation = .in
            default: return left
            }
            try advance()
            let right = try parseBinary(level: 0)
            left = try make(.binary(operation, left.expression, right.expression, position), above: left, right)
        }
    }

    /// Level 0: `+ -`; level 1: `* / %`.
    private mutating func parseBinary(level: Int) throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        var left = level == 0 ? try parseBinary(level: 1) : try parseUnary()
        while true {
            let operation: BinaryOperator
            switch (level, current.kind) {
            case (0, .punctuation(.plus)): operation = .add
            case (0, .punctuation(.minus)): operation = .subtract
            case (1, .punctuation(.star)): operation = .multiply
            case (1, .punctuation(.slash)): operation = .divide
            case (1, .punctuation(.percent)): operation = .remainder
            default: return left
            }
            let position = current.position
            try advance()
            let right = level == 0 ? try parseBinary(level: 1) : try parseUnary()
            left = try make(.binary(operation, left.expression, right.expression, position), above: left, right)
        }
    }

    private mutating func parseUnary() throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        let position = current.position
        let operation: UnaryOperator
        switch current.kind {
        case .punctuation(.bang): operation = .not
        case .punctuation(.minus): operation = .negate
        default: return try parsePostfix()
        }
        nesting += 1
        defer { nesting -= 1 }
        if nesting > RulesLimits.expressionDepth {
            throw SyntaxProblem("expression nests deeper than \(RulesLimits.expressionDepth) levels", at: position)
        }
        try advance()
        let operand = try parseUnary()
        if operation == .negate, case .integer(let value, _) = operand.expression {
            return ParsedExpression(expression: .integer(-value, position), depth: 1)
        }
        return try make(.unary(operation, operand.expression, position), above: operand)
    }

    private mutating func parsePostfix() throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        var value = try parsePrimary()
        while true {
            let position = current.position
            if current.isPunctuation(.dot) {
                try advance()
                let namePosition = current.position
                let name = try expectIdentifier("a field or method name after '.'")
                value = try make(.member(value.expression, name, namePosition), above: value)
            } else if current.isPunctuation(.leftParen) {
                try advance()
                let arguments = try parseList(until: .rightParen)
                value = try make(
                    .call(value.expression, arguments.map(\.expression), position), above: [value] + arguments)
            } else if current.isPunctuation(.leftBracket) {
                try advance()
                let start = current.isPunctuation(.colon) ? nil : try parseExpression()
                if current.isPunctuation(.colon) {
                    try advance()
                    let end = current.isPunctuation(.rightBracket) ? nil : try parseExpression()
                    try expect(.rightBracket, "']' after a range")
                    value = try make(
                        .slice(value.expression, start?.expression, end?.expression, position),
                        above: [value] + [start, end].compactMap { $0 })
                } else {
                    try expect(.rightBracket, "']' after an index")
                    guard let start else { throw SyntaxProblem("expected an index", at: position) }
                    value = try make(.index(value.expression, start.expression, position), above: value, start)
                }
            } else {
                return value
            }
        }
    }

    private mutating func parsePrimary() throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        let token = current
        let position = token.position
        switch token.kind {
        case .integer(let value):
            try advance()
            return ParsedExpression(expression: .integer(value, position), depth: 1)
        case .float(let value):
            try advance()
            return ParsedExpression(expression: .float(value, position), depth: 1)
        case .string(let value):
            try advance()
            return ParsedExpression(expression: .string(value, position), depth: 1)
        case .bytes(let value):
            try advance()
            return ParsedExpression(expression: .bytes(value, position), depth: 1)
        case .identifier("true"), .identifier("false"):
            try advance()
            return ParsedExpression(expression: .bool(token.isIdentifier("true"), position), depth: 1)
        case .identifier("null"):
            try advance()
            return ParsedExpression(expression: .null(position), depth: 1)
        case .identifier(let name):
            if Self.reserved.contains(name) {
                throw SyntaxProblem("'\(name)' is a keyword, not a value", at: position)
            }
            try advance()
            return ParsedExpression(expression: .identifier(name, position), depth: 1)
        case .punctuation(.leftParen):
            try advance()
            let inner = try parseExpression()
            try expect(.rightParen, "')'")
            return inner
        case .punctuation(.leftBracket):
            try advance()
            let items = try parseList(until: .rightBracket)
            return try make(.list(items.map(\.expression), position), above: items)
        case .punctuation(.leftBrace):
            try advance()
            return try parseMap(at: position)
        case .punctuation(.slash):
            return try parsePathLiteral(at: position)
        default:
            throw SyntaxProblem("expected an expression, found \(token.quoted)", at: position)
        }
    }

    /// Comma-separated expressions up to `closing` (taken); a trailing comma is allowed.
    private mutating func parseList(until closing: Punctuation) throws(SyntaxProblem) -> [ParsedExpression] {
        ruleSteps += 1
        var items: [ParsedExpression] = []
        while !current.isPunctuation(closing) {
            items.append(try parseExpression())
            guard current.isPunctuation(.comma) else { break }
            try advance()
        }
        try expect(closing, "'\(closing.rawValue)'")
        return items
    }

    private mutating func parseMap(at position: SourcePosition) throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        var entries: [(key: ExpressionSyntax, value: ExpressionSyntax)] = []
        var parts: [ParsedExpression] = []
        while !current.isPunctuation(.rightBrace) {
            let key = try parseExpression()
            try expect(.colon, "':' after a map key")
            let value = try parseExpression()
            entries.append((key.expression, value.expression))
            parts += [key, value]
            guard current.isPunctuation(.comma) else { break }
            try advance()
        }
        try expect(.rightBrace, "'}' to close the map")
        return try make(.map(entries, position), above: parts)
    }

    /// `/a/$(expr)/b`: the current token is the first `/`.
    private mutating func parsePathLiteral(at position: SourcePosition) throws(SyntaxProblem) -> ParsedExpression {
        ruleSteps += 1
        var parts: [PathLiteralPart] = []
        var inner: [ParsedExpression] = []
        while true {
            if lexer.immediately("$(") {
                lexer.take("$(")
                try advance()
                let expression = try parseExpression()
                guard current.isPunctuation(.rightParen) else {
                    throw SyntaxProblem("expected ')' to close '$(' in a path", at: current.position)
                }
                parts.append(.interpolated(expression.expression))
                inner.append(expression)
            } else {
                let segmentPosition = lexer.position
                let literal = lexer.pathLiteralSegment()
                if literal.isEmpty { throw SyntaxProblem("empty segment in a path", at: segmentPosition) }
                parts.append(.literal(literal))
            }
            guard lexer.immediately("/") else { break }
            lexer.take("/")
        }
        try advance()
        return try make(.path(parts, position), above: inner)
    }

    private func make(_ expression: ExpressionSyntax, above children: ParsedExpression...) throws(SyntaxProblem)
        -> ParsedExpression
    {
        try make(expression, above: children)
    }

    private func make(_ expression: ExpressionSyntax, above children: [ParsedExpression]) throws(SyntaxProblem)
        -> ParsedExpression
    {
        let depth = 1 + (children.map(\.depth).max() ?? 0)
        if depth > RulesLimits.expressionDepth {
            throw SyntaxProblem(
                "expression nests deeper than \(RulesLimits.expressionDepth) levels", at: expression.position)
        }
        return ParsedExpression(expression: expression, depth: depth)
    }

    /// Words that cannot name a value.
    static let reserved: Set<String> = [
        "allow", "match", "function", "let", "return", "if", "in", "is", "service", "rules_version",
    ]
}

/// Reads tokens on demand, so the parser can switch to reading a `match` path or a path literal where one starts.
struct Lexer {
    private let scalars: [Unicode.Scalar]
    private(set) var index = 0
    private var line = 1
    private var column = 1
    /// Work done so far: one per character taken and per token made (so that a test can hold it linear).
    private(set) var steps = 0

    init(_ text: String) {
        var scalars = Array(text.unicodeScalars)
        if scalars.first == "\u{FEFF}" { scalars.removeFirst() }
        self.scalars = scalars
    }

    var position: SourcePosition { SourcePosition(line: line, column: column) }

    // MARK: - Tokens

    mutating func next() throws(SyntaxProblem) -> Token {
        steps += 1
        try skipSpaceAndComments()
        let start = position
        guard let scalar = peek() else { return Token(kind: .endOfFile, position: start) }
        if Self.isIdentifierStart(scalar) {
            if scalar == "r" || scalar == "R" || scalar == "b" || scalar == "B", let quote = peek(1),
                quote == "'" || quote == "\""
            {
                advance()
                let raw = scalar == "r" || scalar == "R"
                let text = try readString(raw: raw, start: start)
                if raw { return Token(kind: .string(text), position: start) }
                return Token(kind: .bytes(Array(text.utf8)), position: start)
            }
            var name = String.UnicodeScalarView()
            while let next = peek(), Self.isIdentifierPart(next) {
                name.append(next)
                advance()
            }
            return Token(kind: .identifier(String(name)), position: start)
        }
        if scalar.properties.numericType != nil && scalar.isASCII
            || (scalar == "." && peek(1).map { $0.isASCII && $0.properties.numericType != nil } == true)
        {
            return try readNumber(start: start)
        }
        if scalar == "'" || scalar == "\"" {
            return Token(kind: .string(try readString(raw: false, start: start)), position: start)
        }
        for punctuation in Punctuation.allCases where matches(punctuation.rawValue) {
            for _ in punctuation.rawValue.unicodeScalars { advance() }
            return Token(kind: .punctuation(punctuation), position: start)
        }
        throw SyntaxProblem("unexpected character '\(scalar.escaped(asASCII: false))'", at: start)
    }

    // MARK: - Paths

    /// Skips blanks and comments and tells whether the next character is `character`, without taking it.
    mutating func nextRaw(is character: Unicode.Scalar) throws(SyntaxProblem) -> Bool {
        try skipSpaceAndComments()
        return peek() == character
    }

    /// Whether the very next characters (no blanks skipped) are `text`.
    func immediately(_ text: String) -> Bool { matches(text) }

    mutating func take(_ text: String) {
        for _ in text.unicodeScalars { advance() }
    }

    /// The characters of one literal segment of a path: up to a `/`, a blank, or a brace; parentheses are taken
    /// while they balance (`(default)`), so a call's closing parenthesis ends the path.
    mutating func pathLiteralSegment() -> String {
        var text = String.UnicodeScalarView()
        var depth = 0
        while let scalar = peek() {
            if scalar == "/" || scalar == "{" || scalar == "}" || scalar == "," || scalar == ";"
                || scalar == "[" || scalar == "]" || scalar.properties.isWhitespace
            {
                break
            }
            if scalar == "(" { depth += 1 }
            if scalar == ")" {
                if depth == 0 { break }
                depth -= 1
            }
            text.append(scalar)
            advance()
        }
        return String(text)
    }

    /// The text between `{` and `}` of a path variable; the opening brace is the next character.
    mutating func pathVariable() throws(SyntaxProblem) -> String {
        let start = position
        advance()
        var text = String.UnicodeScalarView()
        while let scalar = peek(), scalar != "}" {
            if scalar == "\n" || scalar == "{" || scalar == "/" { break }
            text.append(scalar)
            advance()
        }
        guard peek() == "}" else { throw SyntaxProblem("path variable is missing its closing '}'", at: start) }
        advance()
        return String(text)
    }

    // MARK: - Scanning

    private func peek(_ offset: Int = 0) -> Unicode.Scalar? {
        let target = index + offset
        return target < scalars.count ? scalars[target] : nil
    }

    private func matches(_ text: String) -> Bool {
        var offset = 0
        for scalar in text.unicodeScalars {
            guard peek(offset) == scalar else { return false }
            offset += 1
        }
        return true
    }

    private mutating func advance() {
        steps += 1
        guard index < scalars.count else { return }
        if scalars[index] == "\n" {
            line += 1
            column = 1
        } else {
            column += 1
        }
        index += 1
    }

    private mutating func skipSpaceAndComments() throws(SyntaxProblem) {
        while let scalar = peek() {
            if scalar.properties.isWhitespace {
                advance()
            } else if matches("//") {
                while let next = peek(), next != "\n" { advance() }
            } else if matches("/*") {
                let start = position
                take("/*")
                while !matches("*/") {
                    guard peek() != nil else { throw SyntaxProblem("unterminated comment", at: start) }
                    advance()
                }
                take("*/")
            } else {
                return
            }
        }
    }

    private mutating func readNumber(start: SourcePosition) throws(SyntaxProblem) -> Token {
        var text = ""
        var isFloat = false
        if matches("0x") || matches("0X") {
            take("0x")
            while let scalar = peek(), scalar.properties.isASCIIHexDigit {
                text.unicodeScalars.append(scalar)
                advance()
            }
            guard let value = Int64(text, radix: 16) else {
                throw SyntaxProblem("integer literal out of range or malformed", at: start)
            }
            return Token(kind: .integer(value), position: start)
        }
        while let scalar = peek() {
            if scalar.isASCII && scalar.properties.numericType != nil {
                text.unicodeScalars.append(scalar)
            } else if scalar == ".", !isFloat, peek(1).map({ $0.isASCII && $0.properties.numericType != nil }) == true {
                isFloat = true
                text.unicodeScalars.append(scalar)
            } else if scalar == "e" || scalar == "E" {
                isFloat = true
                text.unicodeScalars.append(scalar)
                advance()
                if let sign = peek(), sign == "+" || sign == "-" {
                    text.unicodeScalars.append(sign)
                    advance()
                }
                continue
            } else {
                break
            }
            advance()
        }
        if isFloat {
            guard let value = Double(text), value.isFinite else {
                throw SyntaxProblem("malformed number '\(text)'", at: start)
            }
            return Token(kind: .float(value), position: start)
        }
        guard let value = Int64(text) else {
            throw SyntaxProblem("integer literal '\(text)' does not fit in 64 bits", at: start)
        }
        return Token(kind: .integer(value), position: start)
    }

    /// A quoted string; the opening quote is the next character.
    private mutating func readString(raw: Bool, start: SourcePosition) throws(SyntaxProblem) -> String {
        guard let quote = peek() else { throw SyntaxProblem("unterminated string", at: start) }
        advance()
        var text = String.UnicodeScalarView()
        while true {
            guard let scalar = peek(), scalar != "\n" else { throw SyntaxProblem("unterminated string", at: start) }
            if scalar == quote {
                advance()
                return String(text)
            }
            if scalar == "\\" && !raw {
                let escapeStart = position
                advance()
                text.append(try readEscape(at: escapeStart))
                continue
            }
            text.append(scalar)
            advance()
        }
    }

    private mutating func readEscape(at start: SourcePosition) throws(SyntaxProblem) -> Unicode.Scalar {
        guard let scalar = peek() else { throw SyntaxProblem("unterminated string", at: start) }
        advance()
        switch scalar {
        case "n": return "\n"
        case "t": return "\t"
        case "r": return "\r"
        case "a": return "\u{07}"
        case "b": return "\u{08}"
        case "f": return "\u{0C}"
        case "v": return "\u{0B}"
        case "\\", "'", "\"", "`", "?": return scalar
        case "x", "X": return try readHexEscape(digits: 2, at: start)
        case "u": return try readHexEscape(digits: 4, at: start)
        case "U": return try readHexEscape(digits: 8, at: start)
        case "0"..."3":
            var value = scalar.value - 48
            for _ in 0..<2 {
                guard let digit = peek(), ("0"..."7").contains(digit) else {
                    throw SyntaxProblem("an octal escape takes three digits", at: start)
                }
                value = value * 8 + digit.value - 48
                advance()
            }
            guard let result = Unicode.Scalar(value) else { throw SyntaxProblem("invalid escape", at: start) }
            return result
        default:
            throw SyntaxProblem("unknown escape '\\\(scalar.escaped(asASCII: false))'", at: start)
        }
    }

    private mutating func readHexEscape(digits: Int, at start: SourcePosition) throws(SyntaxProblem)
        -> Unicode.Scalar
    {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let digit = peek(), let nibble = digit.hexValue else {
                throw SyntaxProblem("this escape takes \(digits) hexadecimal digits", at: start)
            }
            value = value &* 16 &+ nibble
            advance()
        }
        guard let scalar = Unicode.Scalar(value) else {
            throw SyntaxProblem("escape names no Unicode character", at: start)
        }
        return scalar
    }

    static func isIdentifierStart(_ scalar: Unicode.Scalar) -> Bool {
        scalar == "_" || ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }

    static func isIdentifierPart(_ scalar: Unicode.Scalar) -> Bool {
        isIdentifierStart(scalar) || ("0"..."9").contains(scalar)
    }
}

extension Unicode.Scalar {
    var hexValue: UInt32? {
        switch self {
        case "0"..."9": value - 48
        case "a"..."f": value - 87
        case "A"..."F": value - 55
        default: nil
        }
    }
}

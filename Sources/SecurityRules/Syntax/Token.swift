/// A lexical token and where it starts.
struct Token: Sendable {
    enum Kind: Sendable, Equatable {
        case identifier(String)
        case integer(Int64)
        case float(Double)
        case string(String)
        case bytes([UInt8])
        case punctuation(Punctuation)
        case endOfFile
    }

    var kind: Kind
    var position: SourcePosition

    var identifier: String? {
        if case .identifier(let name) = kind { return name }
        return nil
    }

    func isPunctuation(_ punctuation: Punctuation) -> Bool { kind == .punctuation(punctuation) }

    func isIdentifier(_ name: String) -> Bool { kind == .identifier(name) }

    /// How the token reads in an error message.
    var quoted: String {
        switch kind {
        case .identifier(let name): "'\(name)'"
        case .integer(let value): "'\(value)'"
        case .float(let value): "'\(value)'"
        case .string: "a string"
        case .bytes: "a bytes literal"
        case .punctuation(let punctuation): "'\(punctuation.rawValue)'"
        case .endOfFile: "the end of the file"
        }
    }
}

/// Operators and delimiters, longest spellings first where one is a prefix of another.
enum Punctuation: String, Sendable, CaseIterable {
    case equalEqual = "=="
    case notEqual = "!="
    case lessEqual = "<="
    case greaterEqual = ">="
    case and = "&&"
    case or = "||"
    case leftBrace = "{"
    case rightBrace = "}"
    case leftParen = "("
    case rightParen = ")"
    case leftBracket = "["
    case rightBracket = "]"
    case comma = ","
    case semicolon = ";"
    case colon = ":"
    case dot = "."
    case question = "?"
    case bang = "!"
    case equal = "="
    case less = "<"
    case greater = ">"
    case plus = "+"
    case minus = "-"
    case star = "*"
    case slash = "/"
    case percent = "%"
}

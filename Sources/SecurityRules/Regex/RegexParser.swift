/// Reads RE2 syntax: literals and escapes, `.`, classes (`[a-z]`, `[^…]`, `\d \w \s` and their negations),
/// anchors (`^ $ \A \z \b \B`), groups (`(…)`, `(?:…)`, `(?P<name>…)`, `(?flags)`, `(?flags:…)` with `i m s U`),
/// alternation and the greedy and lazy repetitions `* + ? {m} {m,} {m,n}`.
struct RegexParser {
    private let scalars: [Unicode.Scalar]
    private var index = 0
    private var flags = Flags()
    private var nesting = 0
    private(set) var captureCount = 0

    /// How deeply groups may nest.
    static let maximumNesting = 200

    struct Flags {
        var caseInsensitive = false
        var multiLine = false
        var dotAll = false
        var ungreedy = false
    }

    init(_ pattern: String) {
        scalars = Array(pattern.unicodeScalars)
    }

    mutating func parse() throws(RegexError) -> RegexSyntax {
        let node = try parseAlternation()
        if index < scalars.count { throw error("unmatched ')'") }
        return node
    }

    private func error(_ message: String) -> RegexError { RegexError(message: message, offset: index) }

    private var current: Unicode.Scalar? { index < scalars.count ? scalars[index] : nil }

    private mutating func parseAlternation() throws(RegexError) -> RegexSyntax {
        var branches = [try parseConcatenation()]
        while current == "|" {
            index += 1
            branches.append(try parseConcatenation())
        }
        return branches.count == 1 ? branches[0] : .alternation(branches)
    }

    private mutating func parseConcatenation() throws(RegexError) -> RegexSyntax {
        var items: [RegexSyntax] = []
        while let scalar = current, scalar != "|", scalar != ")" {
            if let atom = try parseAtom() {
                items.append(try parseRepetitions(of: atom))
            }
        }
        switch items.count {
        case 0: return .empty
        case 1: return items[0]
        default: return .concatenation(items)
        }
    }

    private mutating func parseRepetitions(of atom: RegexSyntax) throws(RegexError) -> RegexSyntax {
        var node = atom
        while let scalar = current {
            let start = index
            var bounds: (Int, Int?)
            switch scalar {
            case "*": bounds = (0, nil)
            case "+": bounds = (1, nil)
            case "?": bounds = (0, 1)
            case "{":
                guard let counted = try parseCount() else { return node }
                bounds = counted
            default: return node
            }
            index += 1
            if case .repetition = node {
                throw RegexError(message: "repetition of a repetition; use a group", offset: start)
            }
            if case .assertion = node { throw RegexError(message: "an anchor cannot repeat", offset: start) }
            if case .empty = node { throw RegexError(message: "missing argument to repetition", offset: start) }
            var greedy = true
            if current == "?" {
                greedy = false
                index += 1
            }
            if flags.ungreedy { greedy.toggle() }
            node = .repetition(node, minimum: bounds.0, maximum: bounds.1, greedy: greedy)
        }
        return node
    }

    /// `{m}`, `{m,}` or `{m,n}`, leaving the index on the closing brace; nil (index unchanged) when the brace
    /// starts no count, in which case it is a literal, as in RE2.
    private mutating func parseCount() throws(RegexError) -> (Int, Int?)? {
        let start = index
        index += 1
        guard let minimum = readNumber() else {
            index = start
            return nil
        }
        var maximum: Int? = minimum
        if current == "," {
            index += 1
            maximum = current == "}" ? nil : readNumber()
            if maximum == nil && current != "}" {
                index = start
                return nil
            }
        }
        guard current == "}" else {
            index = start
            return nil
        }
        let limit = RulesLimits.regexRepeatCount
        if minimum > limit || (maximum ?? 0) > limit {
            throw RegexError(message: "repetition count above \(limit)", offset: start)
        }
        if let maximum, maximum < minimum {
            throw RegexError(message: "repetition {\(minimum),\(maximum)} counts down", offset: start)
        }
        return (minimum, maximum)
    }

    private mutating func readNumber() -> Int? {
        var value = 0
        var digits = 0
        while let scalar = current, ("0"..."9").contains(scalar) {
            value = min(value * 10 + Int(scalar.value - 48), 1_000_000)
            digits += 1
            index += 1
        }
        return digits > 0 ? value : nil
    }

    private mutating func parseAtom() throws(RegexError) -> RegexSyntax? {
        guard let scalar = current else { return nil }
        switch scalar {
        case "(":
            return try parseGroup()
        case "[":
            return .characterClass(try parseClass())
        case ".":
            index += 1
            return .characterClass(flags.dotAll ? CharacterClass([0...CharacterClass.maximum]) : .anyButNewline)
        case "^":
            index += 1
            return .assertion(flags.multiLine ? .beginLine : .beginText)
        case "$":
            index += 1
            return .assertion(flags.multiLine ? .endLine : .endText)
        case "\\":
            return try parseEscape()
        case "*", "+", "?":
            throw error("missing argument to repetition operator '\(scalar)'")
        default:
            index += 1
            return literal(scalar)
        }
    }

    private func literal(_ scalar: Unicode.Scalar) -> RegexSyntax {
        guard flags.caseInsensitive, !CharacterClass.caseVariants(of: scalar).isEmpty else { return .scalar(scalar) }
        return .characterClass(CharacterClass([scalar.value...scalar.value]).caseFolded)
    }

    private mutating func parseGroup() throws(RegexError) -> RegexSyntax {
        let start = index
        index += 1
        nesting += 1
        defer { nesting -= 1 }
        if nesting > Self.maximumNesting {
            throw RegexError(message: "groups nest deeper than \(Self.maximumNesting) levels", offset: start)
        }
        var capture: Int?
        let saved = flags
        if current == "?" {
            index += 1
            if current == "P" || current == "<" {
                if current == "P" { index += 1 }
                guard current == "<" else { throw error("expected '<' in a named group") }
                index += 1
                var nameLength = 0
                while let scalar = current, scalar != ">" {
                    guard Lexer.isIdentifierPart(scalar) else { throw error("invalid group name") }
                    index += 1
                    nameLength += 1
                }
                guard current == ">", nameLength > 0 else { throw error("invalid group name") }
                index += 1
                captureCount += 1
                capture = captureCount
            } else {
                var enable = true
                while let scalar = current, scalar != ")", scalar != ":" {
                    switch scalar {
                    case "i": flags.caseInsensitive = enable
                    case "m": flags.multiLine = enable
                    case "s": flags.dotAll = enable
                    case "U": flags.ungreedy = enable
                    case "-" where enable: enable = false
                    default: throw error("unknown or unsupported group flag '\(scalar)'")
                    }
                    index += 1
                }
                if current == ")" {
                    index += 1
                    return .empty
                }
                guard current == ":" else { throw RegexError(message: "missing ')'", offset: start) }
                index += 1
            }
        } else {
            captureCount += 1
            capture = captureCount
        }
        let inner = try parseAlternation()
        guard current == ")" else { throw RegexError(message: "missing ')'", offset: start) }
        index += 1
        flags = saved
        return .group(inner, capture: capture)
    }

    private mutating func parseEscape() throws(RegexError) -> RegexSyntax {
        let start = index
        index += 1
        guard let scalar = current else { throw RegexError(message: "trailing backslash", offset: start) }
        switch scalar {
        case "A":
            index += 1
            return .assertion(.beginText)
        case "z":
            index += 1
            return .assertion(.endText)
        case "b":
            index += 1
            return .assertion(.wordBoundary)
        case "B":
            index += 1
            return .assertion(.notWordBoundary)
        default:
            index = start
            let set = try parseClassEscapeOrScalar()
            switch set {
            case .scalar(let value): return literal(value)
            case .set(let set): return .characterClass(set)
            }
        }
    }

    private enum ClassItem {
        case scalar(Unicode.Scalar)
        case set(CharacterClass)
    }

    /// An escape at the index (on its backslash): a class like `\d`, or one scalar.
    private mutating func parseClassEscapeOrScalar() throws(RegexError) -> ClassItem {
        let start = index
        index += 1
        guard let scalar = current else { throw RegexError(message: "trailing backslash", offset: start) }
        index += 1
        switch scalar {
        case "d": return .set(.digits)
        case "D": return .set(CharacterClass.digits.inverted)
        case "w": return .set(.word)
        case "W": return .set(CharacterClass.word.inverted)
        case "s": return .set(.space)
        case "S": return .set(CharacterClass.space.inverted)
        case "n": return .scalar("\n")
        case "t": return .scalar("\t")
        case "r": return .scalar("\r")
        case "f": return .scalar("\u{0C}")
        case "v": return .scalar("\u{0B}")
        case "a": return .scalar("\u{07}")
        case "x":
            var value: UInt32 = 0
            if current == "{" {
                index += 1
                var digits = 0
                while let digit = current, let nibble = digit.hexValue {
                    value = min(value &* 16 &+ nibble, 0x110000)
                    digits += 1
                    index += 1
                }
                guard current == "}", digits > 0 else { throw RegexError(message: "bad \\x{…} escape", offset: start) }
                index += 1
            } else {
                for _ in 0..<2 {
                    guard let digit = current, let nibble = digit.hexValue else {
                        throw RegexError(message: "\\x takes two hexadecimal digits", offset: start)
                    }
                    value = value * 16 + nibble
                    index += 1
                }
            }
            guard let result = Unicode.Scalar(value) else {
                throw RegexError(message: "escape names no Unicode character", offset: start)
            }
            return .scalar(result)
        default:
            if scalar.isASCII && !Lexer.isIdentifierPart(scalar) { return .scalar(scalar) }
            throw RegexError(message: "unsupported escape '\\\(scalar)'", offset: start)
        }
    }

    private mutating func parseClass() throws(RegexError) -> CharacterClass {
        let start = index
        index += 1
        var negated = false
        if current == "^" {
            negated = true
            index += 1
        }
        var set = CharacterClass()
        var first = true
        while let scalar = current, scalar != "]" || first {
            first = false
            if scalar == "[" && index + 1 < scalars.count && scalars[index + 1] == ":" {
                throw error("POSIX classes like [:alpha:] are not supported")
            }
            let low: Unicode.Scalar
            if scalar == "\\" {
                switch try parseClassEscapeOrScalar() {
                case .set(let inner):
                    set = set.union(inner)
                    continue
                case .scalar(let value): low = value
                }
            } else {
                low = scalar
                index += 1
            }
            if current == "-", index + 1 < scalars.count, scalars[index + 1] != "]" {
                index += 1
                let high: Unicode.Scalar
                if current == "\\" {
                    guard case .scalar(let value) = try parseClassEscapeOrScalar() else {
                        throw error("a class cannot end a range")
                    }
                    high = value
                } else {
                    guard let value = current else { break }
                    high = value
                    index += 1
                }
                guard low.value <= high.value else { throw error("range \(low)-\(high) runs backwards") }
                set = set.union(CharacterClass([low.value...high.value]))
            } else {
                set = set.union(CharacterClass([low.value...low.value]))
            }
        }
        guard current == "]" else { throw RegexError(message: "missing ']'", offset: start) }
        index += 1
        if flags.caseInsensitive { set = set.caseFolded }
        return negated ? set.inverted : set
    }
}

/// A regular expression as written, in the RE2 subset the rules accept.
indirect enum RegexSyntax: Sendable {
    case empty
    case scalar(Unicode.Scalar)
    case characterClass(CharacterClass)
    case concatenation([RegexSyntax])
    case alternation([RegexSyntax])
    /// A capturing group numbers its contents; `nil` for `(?:…)`.
    case group(RegexSyntax, capture: Int?)
    case repetition(RegexSyntax, minimum: Int, maximum: Int?, greedy: Bool)
    case assertion(RegexAssertion)
}

enum RegexAssertion: Sendable, Hashable {
    case beginText
    case endText
    case beginLine
    case endLine
    case wordBoundary
    case notWordBoundary
}

/// Why a pattern is refused; `offset` counts Unicode scalars from the pattern's start.
struct RegexError: Error, Sendable {
    var message: String
    var offset: Int
}

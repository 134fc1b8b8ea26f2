import Primitives

/// Byte values the scanner and resolvers test for.
extension ASCII {
    static let tab: UInt8 = 0x09
    static let lineFeed: UInt8 = 0x0A
    static let carriageReturn: UInt8 = 0x0D
    static let space: UInt8 = 0x20
    static let exclamation: UInt8 = 0x21
    static let doubleQuote: UInt8 = 0x22
    static let hash: UInt8 = 0x23
    static let percent: UInt8 = 0x25
    static let ampersand: UInt8 = 0x26
    static let singleQuote: UInt8 = 0x27
    static let asterisk: UInt8 = 0x2A
    static let plus: UInt8 = 0x2B
    static let comma: UInt8 = 0x2C
    static let minus: UInt8 = 0x2D
    static let dot: UInt8 = 0x2E
    static let slash: UInt8 = 0x2F
    static let zero: UInt8 = 0x30
    static let nine: UInt8 = 0x39
    static let colon: UInt8 = 0x3A
    static let lessThan: UInt8 = 0x3C
    static let equals: UInt8 = 0x3D
    static let greaterThan: UInt8 = 0x3E
    static let question: UInt8 = 0x3F
    static let at: UInt8 = 0x40
    static let leftBracket: UInt8 = 0x5B
    static let backslash: UInt8 = 0x5C
    static let rightBracket: UInt8 = 0x5D
    static let underscore: UInt8 = 0x5F
    static let backtick: UInt8 = 0x60
    static let leftBrace: UInt8 = 0x7B
    static let verticalBar: UInt8 = 0x7C
    static let rightBrace: UInt8 = 0x7D
    static let tilde: UInt8 = 0x7E

    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    /// Space, tab, or a line break.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
    }

    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == comma || byte == leftBracket || byte == rightBracket || byte == leftBrace || byte == rightBrace
    }

}

extension UnsafeBufferPointer<UInt8> {
    /// The bytes from `offset` to the end, without generic slicing.
    func suffix(from offset: Int) -> UnsafeBufferPointer<UInt8> {
        guard let base = baseAddress, offset < count else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + offset, count: count - offset)
    }

    /// The bytes from `start` up to `end`, without generic slicing.
    func slice(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
        guard let base = baseAddress, start < end else { return UnsafeBufferPointer(start: nil, count: 0) }
        return UnsafeBufferPointer(start: base + start, count: end - start)
    }

    /// Whether every byte is an ASCII digit.
    var isAllDigits: Bool {
        var index = 0
        while index < count {
            let byte = self[index]
            if !ASCII.isDigit(byte) { return false }
            index += 1
        }
        return true
    }

    /// Whether the bytes are exactly the ASCII text `literal`.
    func equals(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount else { return false }
        let other = literal.utf8Start
        for index in 0..<count where self[index] != other[index] {
            return false
        }
        return true
    }

    /// Whether the bytes are one of the three spellings YAML allows for a word: `word`, `Word`, `WORD`.
    func equalsCased(_ lower: StaticString, _ capitalized: StaticString, _ upper: StaticString) -> Bool {
        equals(lower) || equals(capitalized) || equals(upper)
    }
}

/// Byte values the scanner and resolvers test for.
enum ASCII {
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

    @inline(__always) static func isDigit(_ byte: UInt8) -> Bool { byte &- zero < 10 }

    @inline(__always) static func isBreak(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    /// Space, tab, or a line break.
    @inline(__always) static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == space || byte == tab || byte == lineFeed || byte == carriageReturn
    }

    @inline(__always) static func isFlowIndicator(_ byte: UInt8) -> Bool {
        byte == comma || byte == leftBracket || byte == rightBracket || byte == leftBrace || byte == rightBrace
    }

    /// The value of a hexadecimal digit, or `nil`.
    @inline(__always) static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case 0x30...0x39: byte - 0x30
        case 0x41...0x46: byte - 0x41 + 10
        case 0x61...0x66: byte - 0x61 + 10
        default: nil
        }
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes are exactly the ASCII text `literal`.
    func equals(_ literal: StaticString) -> Bool {
        guard count == literal.utf8CodeUnitCount else { return false }
        let other = literal.utf8Start
        for index in 0..<count where self[index] != other[index] {
            return false
        }
        return true
    }

    /// Whether the bytes equal any of `literals`.
    func equalsAny(_ literals: [StaticString]) -> Bool {
        for literal in literals where equals(literal) {
            return true
        }
        return false
    }
}

/// The words the resolvers recognize, kept in constants so matching allocates nothing.
enum Keywords {
    static let null: [StaticString] = ["null", "Null", "NULL"]
    static let `true`: [StaticString] = ["true", "True", "TRUE"]
    static let `false`: [StaticString] = ["false", "False", "FALSE"]
    static let nan: [StaticString] = [".nan", ".NaN", ".NAN"]
    static let infinity: [StaticString] = [".inf", ".Inf", ".INF"]
    /// YAML 1.1 booleans (PyYAML's, plus `y`/`n` from the YAML 1.1 type repository).
    static let yaml11True: [StaticString] = ["yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON", "y", "Y"]
    static let yaml11False: [StaticString] = ["no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF", "n", "N"]
}

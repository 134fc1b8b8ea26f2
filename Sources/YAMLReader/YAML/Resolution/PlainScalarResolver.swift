import Primitives

/// Resolves plain scalars by YAML 1.2 core-schema rules, as the scenario language states them:
/// `null`/`Null`/`NULL`/`~`/empty, `true`/`false` in three casings, decimal, `0x` and `0o` integers
/// (64-bit), floats with `.inf`/`.nan`; anything else (including `yes`, `no`, `nil`) is a string.
enum PlainScalarResolver {
    enum Resolution: Equatable {
        /// A null, boolean or number.
        case value(YAMLValue)
        case string
        /// Integer syntax whose value does not fit in 64 bits.
        case integerOutOfRange
    }

    static func resolve(_ text: UnsafeBufferPointer<UInt8>) -> Resolution {
        guard text.count > 0 else { return .value(.null) }
        switch text[0] {
        case ASCII.tilde:
            return text.count == 1 ? .value(.null) : .string
        case 0x6E, 0x4E:  // n N
            return text.equalsCased("null", "Null", "NULL") ? .value(.null) : .string
        case 0x74, 0x54:  // t T
            return text.equalsCased("true", "True", "TRUE") ? .value(.bool(true)) : .string
        case 0x66, 0x46:  // f F
            return text.equalsCased("false", "False", "FALSE") ? .value(.bool(false)) : .string
        case ASCII.plus, ASCII.minus, ASCII.dot, ASCII.zero...ASCII.nine:
            return resolveNumber(text)
        default:
            return .string
        }
    }

    private static func resolveNumber(_ text: UnsafeBufferPointer<UInt8>) -> Resolution {
        if text.equalsCased(".nan", ".NaN", ".NAN") { return .value(.float(.nan)) }
        let negative = text[0] == ASCII.minus
        let signLength = text[0] == ASCII.plus || negative ? 1 : 0
        let body = text.suffix(from: signLength)
        if body.equalsCased(".inf", ".Inf", ".INF") { return .value(.float(negative ? -.infinity : .infinity)) }
        if signLength == 0, body.count > 2, body[0] == ASCII.zero, body[1] == 0x78 || body[1] == 0x6F {
            let radix: UInt64 = body[1] == 0x78 ? 16 : 8
            return resolveRadixInteger(body.suffix(from: 2), radix: radix)
        }
        if body.count > 0, body.isAllDigits {
            return resolveDecimal(body, negative: negative)
        }
        if isFloatSyntax(body), let double = Double(String(decoding: text, as: UTF8.self)) {
            return .value(.float(double))
        }
        return .string
    }

    private static func resolveRadixInteger(_ digits: UnsafeBufferPointer<UInt8>, radix: UInt64) -> Resolution {
        var index = 0
        while index < digits.count {
            guard let digit = ASCII.hexValue(digits[index]), UInt64(digit) < radix else { return .string }
            index += 1
        }
        var value: UInt64 = 0
        index = 0
        while index < digits.count {
            let digit = UInt64(ASCII.hexValue(digits[index]) ?? 0)
            index += 1
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            guard !overflow, shifted <= UInt64(Int64.max) - digit else { return .integerOutOfRange }
            value = shifted + digit
        }
        return .value(.int(Int64(value)))
    }

    private static func resolveDecimal(_ digits: UnsafeBufferPointer<UInt8>, negative: Bool) -> Resolution {
        // Accumulate as a negative number so Int64.min fits.
        var value: Int64 = 0
        var index = 0
        while index < digits.count {
            let byte = digits[index]
            index += 1
            let (shifted, overflow) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflow2) = shifted.subtractingReportingOverflow(Int64(byte - ASCII.zero))
            guard !overflow, !overflow2 else { return .integerOutOfRange }
            value = sum
        }
        if negative { return .value(.int(value)) }
        guard value != Int64.min else { return .integerOutOfRange }
        return .value(.int(-value))
    }

    /// `( \.[0-9]+ | [0-9]+ (\.[0-9]*)? ) ([eE][-+]?[0-9]+)?` with a `.` or an exponent (else it is an
    /// integer).
    private static func isFloatSyntax(_ body: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        let end = body.count
        var mantissaDigits = 0
        while index < end, ASCII.isDigit(body[index]) {
            index += 1
            mantissaDigits += 1
        }
        var hasDot = false
        if index < end, body[index] == ASCII.dot {
            hasDot = true
            index += 1
            while index < end, ASCII.isDigit(body[index]) {
                index += 1
                mantissaDigits += 1
            }
        }
        guard mantissaDigits > 0 else { return false }
        var hasExponent = false
        if index < end, body[index] == 0x65 || body[index] == 0x45 {
            index += 1
            if index < end, body[index] == ASCII.plus || body[index] == ASCII.minus { index += 1 }
            let exponentStart = index
            while index < end, ASCII.isDigit(body[index]) { index += 1 }
            guard index > exponentStart else { return false }
            hasExponent = true
        }
        return index == end && (hasDot || hasExponent)
    }
}

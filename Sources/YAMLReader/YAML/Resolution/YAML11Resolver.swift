import Primitives

/// Reads a plain scalar the way YAML 1.1 loaders do — PyYAML's implicit resolvers and constructors, plus
/// the `y`/`n` booleans of the YAML 1.1 type repository — to find scalars whose meaning changed in 1.2.
enum YAML11Resolver {
    /// A YAML 1.1 reading.
    enum Reading: Equatable {
        case null
        case bool(Bool)
        /// `y`, `n` and their capitals.
        case letterBool(Bool)
        case int(Int64?)
        case float(Double)
        case string
        case timestamp
        case merge
        case value
    }

    /// How YAML 1.1 reads `text` when that differs from its YAML 1.2 value `resolved`; `nil` when they agree.
    static func difference(_ text: UnsafeBufferPointer<UInt8>, resolved: YAMLValue) -> YAML11Reading? {
        // Plain decimals without a leading zero read the same everywhere.
        if text.count > 0, text[0] != ASCII.zero || text.count == 1, text.isAllDigits { return nil }
        let reading = read(text)
        switch (reading, resolved) {
        case (.null, _), (.string, .string):
            // YAML 1.1 and 1.2 agree on null; a 1.1 null that 1.2 reads otherwise cannot happen.
            return nil
        case (.bool(let old), .bool(let new)) where old == new, (.letterBool(let old), .bool(let new)) where old == new:
            return nil
        case (.int(let old?), .int(let new)) where old == new:
            return nil
        case (.float(let old), .float(let new)) where old.bitPattern == new.bitPattern || (old.isNaN && new.isNaN):
            return nil
        case (.bool(let old), _): return .bool(old)
        case (.letterBool(let old), _): return .typeListBool(old)
        case (.int(let old), _): return .int(old)
        case (.float(let old), _): return .float(old)
        case (.string, _): return .string
        case (.timestamp, _): return .timestamp
        case (.merge, _): return .mergeKey
        case (.value, _): return .valueKey
        }
    }

    /// Whether a plain scalar starting with `byte` can be read differently by YAML 1.1 at all (a cheap
    /// filter before `difference`).
    @inline(__always)
    static func mayDiffer(firstByte byte: UInt8) -> Bool {
        switch byte {
        case ASCII.plus, ASCII.minus, ASCII.dot, ASCII.zero...ASCII.nine, ASCII.lessThan, ASCII.equals,
            0x79, 0x59, 0x6E, 0x4E, 0x6F, 0x4F:  // y Y n N o O
            return true
        default:
            return false
        }
    }

    static func read(_ text: UnsafeBufferPointer<UInt8>) -> Reading {
        guard text.count > 0 else { return .null }
        let first = text[0]
        switch first {
        case 0x79, 0x59, 0x6E, 0x4E, 0x74, 0x54, 0x66, 0x46, 0x6F, 0x4F:  // y Y n N t T f F o O
            if let bool = readBool(text) { return text.count == 1 ? .letterBool(bool) : .bool(bool) }
            return text.equalsCased("null", "Null", "NULL") ? .null : .string
        case ASCII.plus, ASCII.minus, ASCII.dot, ASCII.zero...ASCII.nine:
            guard mayBeNumberOrTimestamp(text) else { return .string }
            if isFloat(text) { return .float(constructFloat(text)) }
            if first != ASCII.dot, isInt(text) { return .int(constructInt(text)) }
            return ASCII.isDigit(first) && isTimestamp(text) ? .timestamp : .string
        case ASCII.lessThan:
            return text.equals("<<") ? .merge : .string
        case ASCII.tilde:
            return text.count == 1 ? .null : .string
        case ASCII.equals:
            return text.count == 1 ? .value : .string
        default:
            return .string
        }
    }

    /// Whether every byte can occur in a YAML 1.1 number or timestamp (a cheap filter: `4KiB` cannot).
    private static func mayBeNumberOrTimestamp(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < text.count {
            switch text[index] {
            case ASCII.zero...ASCII.nine, ASCII.plus, ASCII.minus, ASCII.dot, ASCII.underscore, ASCII.colon,
                ASCII.space, ASCII.tab, 0x41...0x46, 0x61...0x66,  // hexadecimal digits, e, E
                0x78, 0x54, 0x74, 0x5A,  // x T t Z
                0x69, 0x49, 0x6E, 0x4E:  // i I n N (.inf, .nan)
                index += 1
            default:
                return false
            }
        }
        return true
    }

    private static func readBool(_ text: UnsafeBufferPointer<UInt8>) -> Bool? {
        switch text.count {
        case 1:
            if text[0] == 0x79 || text[0] == 0x59 { return true }  // y Y
            if text[0] == 0x6E || text[0] == 0x4E { return false }  // n N
        case 2:
            if text.equalsCased("on", "On", "ON") { return true }
            if text.equalsCased("no", "No", "NO") { return false }
        case 3:
            if text.equalsCased("yes", "Yes", "YES") { return true }
            if text.equalsCased("off", "Off", "OFF") { return false }
        case 4:
            if text.equalsCased("true", "True", "TRUE") { return true }
        case 5:
            if text.equalsCased("false", "False", "FALSE") { return false }
        default:
            break
        }
        return nil
    }

    private static func isDigitOrUnderscore(_ byte: UInt8) -> Bool { ASCII.isDigit(byte) || byte == ASCII.underscore }

    /// One or more `:[0-5]?[0-9]` groups.
    private static func skipSexagesimalGroups(_ cursor: inout ByteCursor) -> Bool {
        var groups = 0
        while cursor.take(ASCII.colon) {
            let start = cursor.index
            let digits = cursor.skip(upTo: 2, while: ASCII.isDigit)
            if digits == 0 { return false }
            if digits == 2, cursor.text[start] > 0x35 { return false }
            groups += 1
        }
        return groups > 0
    }

    private static func isFloat(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        if text.equalsCased(".nan", ".NaN", ".NAN") { return true }
        var cursor = ByteCursor(text)
        cursor.skipSign()
        let afterSign = cursor
        if cursor.take(".inf") || cursor.take(".Inf") || cursor.take(".INF") { return cursor.atEnd }
        func exponentToEnd(_ cursor: inout ByteCursor) -> Bool {
            if cursor.take(where: { $0 == 0x65 || $0 == 0x45 }) {
                guard cursor.take(where: { $0 == ASCII.plus || $0 == ASCII.minus }),
                    cursor.skip(while: ASCII.isDigit) > 0
                else { return false }
            }
            return cursor.atEnd
        }
        // \.[0-9][0-9_]*([eE][-+][0-9]+)?  (no sign)
        if text[0] == ASCII.dot {
            guard cursor.take(ASCII.dot), cursor.take(where: ASCII.isDigit) else { return false }
            cursor.skip(while: isDigitOrUnderscore)
            return exponentToEnd(&cursor)
        }
        guard cursor.take(where: ASCII.isDigit) else { return false }
        cursor.skip(while: isDigitOrUnderscore)
        if cursor.take(ASCII.dot) {
            // [0-9][0-9_]*\.[0-9_]*([eE][-+][0-9]+)?
            cursor.skip(while: isDigitOrUnderscore)
            return exponentToEnd(&cursor)
        }
        // [0-9][0-9_]*(:[0-5]?[0-9])+\.[0-9_]*
        cursor = afterSign
        cursor.skip(while: isDigitOrUnderscore)
        guard skipSexagesimalGroups(&cursor), cursor.take(ASCII.dot) else { return false }
        cursor.skip(while: isDigitOrUnderscore)
        return cursor.atEnd
    }

    private static func isInt(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = ByteCursor(text)
        cursor.skipSign()
        let afterSign = cursor
        if cursor.take("0b") {
            return cursor.skip(while: { $0 == 0x30 || $0 == 0x31 || $0 == ASCII.underscore }) > 0 && cursor.atEnd
        }
        cursor = afterSign
        if cursor.take("0x") {
            return cursor.skip(while: { ASCII.hexValue($0) != nil || $0 == ASCII.underscore }) > 0 && cursor.atEnd
        }
        cursor = afterSign
        if cursor.take(ASCII.zero) {
            if cursor.atEnd { return true }
            return cursor.skip(while: { ($0 >= 0x30 && $0 <= 0x37) || $0 == ASCII.underscore }) > 0 && cursor.atEnd
        }
        guard cursor.take(where: { $0 >= 0x31 && $0 <= 0x39 }) else { return false }
        cursor.skip(while: isDigitOrUnderscore)
        if cursor.atEnd { return true }
        return skipSexagesimalGroups(&cursor) && cursor.atEnd
    }

    /// The text without underscores, and its sign.
    private static func digitsAndSign(_ text: UnsafeBufferPointer<UInt8>) -> ([UInt8], negative: Bool) {
        var digits = text.filter { $0 != ASCII.underscore }
        var negative = false
        if let first = digits.first, first == ASCII.plus || first == ASCII.minus {
            negative = first == ASCII.minus
            digits.removeFirst()
        }
        return (digits, negative)
    }

    private static func constructInt(_ text: UnsafeBufferPointer<UInt8>) -> Int64? {
        let (digits, negative) = digitsAndSign(text)
        var magnitude: Int64?
        if digits.count >= 2, digits[0] == ASCII.zero, digits[1] == 0x62 {
            magnitude = parse(digits.dropFirst(2), radix: 2)
        } else if digits.count >= 2, digits[0] == ASCII.zero, digits[1] == 0x78 {
            magnitude = parse(digits.dropFirst(2), radix: 16)
        } else if digits.first == ASCII.zero {
            magnitude = parse(digits[...], radix: 8)
        } else if digits.contains(ASCII.colon) {
            magnitude = 0
            for part in digits.split(separator: ASCII.colon, omittingEmptySubsequences: false) {
                guard let value = magnitude, let digit = parse(part, radix: 10) else { return nil }
                let (shifted, overflow) = value.multipliedReportingOverflow(by: 60)
                let (sum, overflow2) = shifted.addingReportingOverflow(digit)
                magnitude = overflow || overflow2 ? nil : sum
            }
        } else {
            magnitude = parse(digits[...], radix: 10)
        }
        guard let magnitude else { return nil }
        return negative ? -magnitude : magnitude
    }

    private static func parse(_ digits: ArraySlice<UInt8>, radix: Int64) -> Int64? {
        guard !digits.isEmpty else { return nil }
        var value: Int64 = 0
        for byte in digits {
            guard let digit = ASCII.hexValue(byte), Int64(digit) < radix else { return nil }
            let (shifted, overflow) = value.multipliedReportingOverflow(by: radix)
            let (sum, overflow2) = shifted.addingReportingOverflow(Int64(digit))
            guard !overflow, !overflow2 else { return nil }
            value = sum
        }
        return value
    }

    private static func constructFloat(_ text: UnsafeBufferPointer<UInt8>) -> Double {
        let (digits, negative) = digitsAndSign(text)
        let sign: Double = negative ? -1 : 1
        let lowered = String(decoding: digits, as: UTF8.self).lowercased()
        if lowered == ".inf" { return sign * .infinity }
        if lowered == ".nan" { return .nan }
        if lowered.contains(":") {
            var value = 0.0
            for part in lowered.split(separator: ":", omittingEmptySubsequences: false) {
                value = value * 60 + (Double(part) ?? .nan)
            }
            return sign * value
        }
        return sign * (Double(lowered) ?? .nan)
    }

    /// `YYYY-MM-DD`, or a date and time with optional fraction and zone.
    private static func isTimestamp(_ text: UnsafeBufferPointer<UInt8>) -> Bool {
        var cursor = ByteCursor(text)
        guard cursor.skip(upTo: 4, while: ASCII.isDigit) == 4, cursor.take(ASCII.minus) else { return false }
        let afterYear = cursor
        if cursor.skip(upTo: 2, while: ASCII.isDigit) == 2, cursor.take(ASCII.minus),
            cursor.skip(upTo: 2, while: ASCII.isDigit) == 2, cursor.atEnd
        {
            return true
        }
        cursor = afterYear
        guard cursor.skip(upTo: 2, while: ASCII.isDigit) >= 1, cursor.take(ASCII.minus),
            cursor.skip(upTo: 2, while: ASCII.isDigit) >= 1
        else { return false }
        if !cursor.take(where: { $0 == 0x54 || $0 == 0x74 }) {
            guard cursor.skip(while: { $0 == ASCII.space || $0 == ASCII.tab }) > 0 else { return false }
        }
        guard cursor.skip(upTo: 2, while: ASCII.isDigit) >= 1, cursor.take(ASCII.colon),
            cursor.skip(upTo: 2, while: ASCII.isDigit) == 2, cursor.take(ASCII.colon),
            cursor.skip(upTo: 2, while: ASCII.isDigit) == 2
        else { return false }
        if cursor.take(ASCII.dot) { cursor.skip(while: ASCII.isDigit) }
        if cursor.atEnd { return true }
        cursor.skip(while: { $0 == ASCII.space || $0 == ASCII.tab })
        if cursor.take(0x5A) { return cursor.atEnd }
        guard cursor.take(where: { $0 == ASCII.plus || $0 == ASCII.minus }),
            cursor.skip(upTo: 2, while: ASCII.isDigit) >= 1
        else { return false }
        if cursor.take(ASCII.colon) {
            guard cursor.skip(upTo: 2, while: ASCII.isDigit) == 2 else { return false }
        }
        return cursor.atEnd
    }
}

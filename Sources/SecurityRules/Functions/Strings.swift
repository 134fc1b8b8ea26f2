/// The methods of strings.
enum Strings {
    static func method(
        _ method: Method, of text: String, _ arguments: [Value], regex: RulesRegex?, budget: inout Budget
    ) throws(EvaluationError) -> Value {
        switch method {
        case .size: return .int(Int64(text.unicodeScalars.count))
        case .lower: return .string(text.lowercased())
        case .upper: return .string(try bounded(text.uppercased()))
        case .trim:
            let scalars = text.unicodeScalars
            guard let first = scalars.firstIndex(where: { !$0.properties.isWhitespace }),
                let last = scalars.lastIndex(where: { !$0.properties.isWhitespace })
            else { return .string("") }
            return .string(String(scalars[first...last]))
        case .toUtf8: return .bytes(Array(text.utf8))
        case .matches:
            return .bool(try compiled(regex, arguments[0]).matchesWhole(text, budget: &budget))
        case .split:
            return .list(try split(text, by: try compiled(regex, arguments[0]), budget: &budget))
        case .replace:
            guard case .string(let replacement) = arguments[1] else {
                throw EvaluationError("replace takes a string replacement")
            }
            return .string(
                try replace(text, try compiled(regex, arguments[0]), with: replacement, budget: &budget))
        default:
            throw EvaluationError("string has no method '\(method.rawValue)'")
        }
    }

    private static func compiled(_ regex: RulesRegex?, _ pattern: Value) throws(EvaluationError) -> RulesRegex {
        if let regex { return regex }
        guard case .string(let text) = pattern else {
            throw EvaluationError("a regular expression is a string, not \(pattern.typeName)")
        }
        do {
            return try RulesRegex(text)
        } catch {
            throw EvaluationError("invalid regular expression '\(text)': \(error.message)")
        }
    }

    /// Splits around each match; trailing empty strings are dropped and a match at the very start makes no
    /// leading empty string only when it is empty (as Java's and RE2/J's `split`).
    private static func split(_ text: String, by regex: RulesRegex, budget: inout Budget) throws(EvaluationError)
        -> [Value]
    {
        let scalars = Array(text.unicodeScalars)
        var pieces: [String] = []
        var start = 0
        for match in try regex.allMatches(in: scalars, slots: 2, budget: &budget) {
            if match[1] == 0 { continue }
            pieces.append(string(scalars[start..<match[0]]))
            start = match[1]
        }
        pieces.append(string(scalars[start...]))
        while pieces.count > 1, pieces.last?.isEmpty == true { pieces.removeLast() }
        if pieces == [""] && !text.isEmpty { pieces = [] }
        return pieces.map { .string($0) }
    }

    /// Replaces every match; `$0`…`$9` in the replacement stand for the match and its groups, `\$` for `$`.
    /// The result's length is kept as it grows (a `count` of a scalar view walks it all).
    private static func replace(_ text: String, _ regex: RulesRegex, with replacement: String, budget: inout Budget)
        throws(EvaluationError) -> String
    {
        let scalars = Array(text.unicodeScalars)
        let template = Array(replacement.unicodeScalars)
        var result = String.UnicodeScalarView()
        var start = 0
        var length = 0
        func append<Scalars: Collection<Unicode.Scalar>>(_ scalars: Scalars) {
            result.append(contentsOf: scalars)
            length += scalars.reduce(0) { $0 + UTF8.width($1) }
        }
        for match in try regex.allMatches(in: scalars, slots: 2 * min(regex.groupCount, 10), budget: &budget) {
            append(scalars[start..<match[0]])
            var index = 0
            while index < template.count {
                let scalar = template[index]
                if scalar == "\\", index + 1 < template.count {
                    append(CollectionOfOne(template[index + 1]))
                    index += 2
                    continue
                }
                if scalar == "$", index + 1 < template.count, let digit = template[index + 1].hexValue, digit < 10 {
                    let group = Int(digit)
                    if 2 * group + 1 < match.count, match[2 * group] >= 0 {
                        append(scalars[match[2 * group]..<match[2 * group + 1]])
                    }
                    index += 2
                    continue
                }
                append(CollectionOfOne(scalar))
                index += 1
            }
            if length > RulesLimits.valueBytes { throw EvaluationError("replace makes too long a string") }
            start = match[1]
        }
        result.append(contentsOf: scalars[start...])
        return try bounded(String(result))
    }

    private static func string(_ scalars: ArraySlice<Unicode.Scalar>) -> String {
        var view = String.UnicodeScalarView()
        view.append(contentsOf: scalars)
        return String(view)
    }

    private static func bounded(_ text: String) throws(EvaluationError) -> String {
        guard text.utf8.count <= RulesLimits.valueBytes else {
            throw EvaluationError("string longer than \(RulesLimits.valueBytes) bytes")
        }
        return text
    }

    static func hex(_ byte: UInt8) -> String {
        let digits = Array("0123456789ABCDEF")
        return String([digits[Int(byte >> 4)], digits[Int(byte & 0x0F)]])
    }

    static func base64(_ bytes: [UInt8]) -> String {
        let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/")
        var output = ""
        var index = 0
        while index < bytes.count {
            let chunk = bytes[index..<min(index + 3, bytes.count)]
            let value = chunk.enumerated().reduce(0) { $0 | Int($1.element) << (16 - 8 * $1.offset) }
            for position in 0..<4 {
                output.append(position <= chunk.count ? alphabet[(value >> (18 - 6 * position)) & 63] : "=")
            }
            index += 3
        }
        return output
    }
}

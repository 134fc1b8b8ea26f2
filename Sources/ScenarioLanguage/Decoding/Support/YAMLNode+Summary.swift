import YAMLReader

/// How a node is named in messages.
extension YAMLNode {
    /// `"12 apples"`, `the integer 5`, `the boolean true`, `null`, `a sequence`, `a mapping`.
    var summary: String {
        switch value {
        case .null: "null"
        case .bool(let flag): "the boolean \(flag)"
        case .int(let number): "the integer \(number)"
        case .float(let number): "the float \(number)"
        case .string(let text): Self.quoted(text)
        case .sequence: "a sequence"
        case .mapping: "a mapping"
        }
    }

    /// The text of a key (or any scalar) for messages: a scalar as written (strings unquoted), a
    /// collection as its summary.
    var keyText: String {
        switch value {
        case .string(let text): text
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .int(let number): "\(number)"
        case .float(let number): "\(number)"
        case .sequence, .mapping: summary
        }
    }

    /// A null, boolean or number: something a writer may have meant as a string.
    var isNonStringScalar: Bool {
        switch value {
        case .null, .bool, .int, .float: true
        case .string, .sequence, .mapping: false
        }
    }

    /// `text` in double quotes, control characters escaped and cut to a readable length.
    static func quoted(_ text: String, limit: Int = 60) -> String {
        var result = "\""
        var count = 0
        for scalar in text.unicodeScalars {
            if count == limit {
                result += "…"
                break
            }
            switch scalar {
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{\(String(scalar.value, radix: 16))}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
            count += 1
        }
        return result + "\""
    }
}

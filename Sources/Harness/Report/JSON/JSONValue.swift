import Foundation

/// A JSON value whose objects keep their keys in the order given, serialised with two-space
/// indentation. Numbers are written as given in `number` (already valid JSON number text).
enum JSONValue {
    case null
    case bool(Bool)
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([(String, JSONValue)])

    static func integer(_ value: Int) -> JSONValue { .number(String(value)) }

    /// Seconds with three decimals; NaN, infinite and negative values become `0.000`.
    static func seconds(_ value: Double) -> JSONValue { .number(Seconds.formatted(value)) }

    static func optionalString(_ value: String?) -> JSONValue { value.map(JSONValue.string) ?? .null }

    /// The value as pretty-printed JSON text, ending with a newline.
    var text: String {
        var out = ""
        write(to: &out, indent: 0)
        out += "\n"
        return out
    }

    private func write(to out: inout String, indent: Int) {
        switch self {
        case .null: out += "null"
        case .bool(let value): out += value ? "true" : "false"
        case .number(let text): out += text
        case .string(let value): Self.writeString(value, to: &out)
        case .array(let items):
            guard !items.isEmpty else {
                out += "[]"
                return
            }
            out += "[\n"
            for (index, item) in items.enumerated() {
                out += Self.padding(indent + 1)
                item.write(to: &out, indent: indent + 1)
                out += index == items.count - 1 ? "\n" : ",\n"
            }
            out += Self.padding(indent) + "]"
        case .object(let members):
            guard !members.isEmpty else {
                out += "{}"
                return
            }
            out += "{\n"
            for (index, (key, value)) in members.enumerated() {
                out += Self.padding(indent + 1)
                Self.writeString(key, to: &out)
                out += ": "
                value.write(to: &out, indent: indent + 1)
                out += index == members.count - 1 ? "\n" : ",\n"
            }
            out += Self.padding(indent) + "}"
        }
    }

    private static func padding(_ indent: Int) -> String {
        String(repeating: "  ", count: indent)
    }

    /// `value` as a JSON string literal. Escapes `"`, `\`, every C0 and C1 control character, and
    /// U+2028, U+2029, U+FEFF, U+FFFE and U+FFFF: the output is also safe to embed in JavaScript, and is
    /// a YAML 1.2 double-quoted scalar that any YAML loader reads back unchanged.
    static func quoted(_ value: String) -> String {
        var out = ""
        writeString(value, to: &out)
        return out
    }

    private static func writeString(_ value: String, to out: inout String) {
        out += "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case "\u{08}": out += "\\b"
            case "\u{0C}": out += "\\f"
            case "\u{2028}", "\u{2029}", "\u{FEFF}", "\u{FFFE}", "\u{FFFF}":
                out += String(format: "\\u%04X", scalar.value)
            default:
                if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
                    out += String(format: "\\u%04X", scalar.value)
                } else {
                    out.unicodeScalars.append(scalar)
                }
            }
        }
        out += "\""
    }
}

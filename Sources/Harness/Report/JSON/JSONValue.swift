import Foundation
import StorageModel

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
        case .string(let value): out += Self.quoted(value)
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
                out += Self.quoted(key)
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

    /// `value` as a JSON string literal, with the package's one escaping rule (`JSONString`).
    static func quoted(_ value: String) -> String {
        JSONString.quoted(value)
    }
}

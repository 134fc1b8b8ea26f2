import Foundation

/// A JSON value: what the wire codecs and the reports read and write (`JSONParser` reads it).
///
/// Numbers keep their source text, so a 16-digit generation survives without passing through `Double`;
/// objects keep their members in order (the writer emits them as given, a lookup takes the last duplicate).
package enum JSONValue: Sendable {
    case null
    case bool(Bool)
    /// The number's text exactly as it appeared (valid JSON number grammar).
    case number(String)
    case string(String)
    case array([JSONValue])
    case object([Member])

    /// One `"key": value` pair of an object.
    package struct Member: Sendable {
        package var key: String
        package var value: JSONValue

        package init(_ key: String, _ value: JSONValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the last member named `key`, when this is an object.
    package subscript(key: String) -> JSONValue? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// What the value is, for error messages: `a string`, `a number`, ….
    package var kindDescription: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A string value, or nil for any other kind.
    package var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An integer written as a JSON number or as a decimal string (`"11"`), when it fits in `Int64`.
    package var integerValue: Int64? {
        switch self {
        case .number(let text), .string(let text): Self.decimalInteger(text)
        default: nil
        }
    }

    /// `text` as an `Int64` when it is an optional `-` and decimal digits only (no `+`, fraction or exponent).
    package static func decimalInteger(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int64(text)
    }

    /// The compact JSON text of this value.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The compact JSON of this value, as UTF-8.
    package var data: Data { Data(bytes) }

    /// The value indented by two spaces a level, ending with a newline: for files people read.
    package var prettyText: String {
        var output: [UInt8] = []
        write(to: &output, indent: 0)
        output.append(UInt8(ascii: "\n"))
        return String(decoding: output, as: UTF8.self)
    }

    /// An object from `pairs`, in their order.
    package static func members(_ pairs: KeyValuePairs<String, JSONValue>) -> JSONValue {
        .object(pairs.map { Member($0.key, $0.value) })
    }

    private var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output, indent: nil)
        return output
    }

    /// Compact when `indent` is nil; otherwise one member or element a line, at `indent` levels.
    private func write(to output: inout [UInt8], indent: Int?) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONString.append(text, to: &output)
        case .array(let elements):
            Self.writeContainer(elements, open: "[", close: "]", to: &output, indent: indent) {
                element, output, inner in
                element.write(to: &output, indent: inner)
            }
        case .object(let members):
            Self.writeContainer(members, open: "{", close: "}", to: &output, indent: indent) { member, output, inner in
                JSONString.append(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                if inner != nil { output.append(UInt8(ascii: " ")) }
                member.value.write(to: &output, indent: inner)
            }
        }
    }

    private static func writeContainer<Item>(
        _ items: [Item], open: Unicode.Scalar, close: Unicode.Scalar, to output: inout [UInt8], indent: Int?,
        item writeItem: (Item, inout [UInt8], Int?) -> Void
    ) {
        output.append(UInt8(ascii: open))
        let inner = indent.map { $0 + 1 }
        for (index, item) in items.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            if let inner { newline(to: &output, indent: inner) }
            writeItem(item, &output, inner)
        }
        if let indent, !items.isEmpty { newline(to: &output, indent: indent) }
        output.append(UInt8(ascii: close))
    }

    private static func newline(to output: inout [UInt8], indent: Int) {
        output.append(UInt8(ascii: "\n"))
        output.append(contentsOf: repeatElement(UInt8(ascii: " "), count: 2 * indent))
    }
}

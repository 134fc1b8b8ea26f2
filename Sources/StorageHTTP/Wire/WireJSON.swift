import Foundation
import StorageModel

/// A JSON value as the wire codecs read and write it.
///
/// Numbers keep their source text, so a 16-digit generation survives without passing through `Double`;
/// objects keep their members in order (the writer emits them as given, a lookup takes the last duplicate).
enum WireJSON: Sendable {
    case null
    case bool(Bool)
    /// The number's text exactly as it appeared (valid JSON number grammar).
    case number(String)
    case string(String)
    case array([WireJSON])
    case object([Member])

    /// One `"key": value` pair of an object.
    struct Member: Sendable {
        var key: String
        var value: WireJSON

        init(_ key: String, _ value: WireJSON) {
            self.key = key
            self.value = value
        }
    }

    /// The value of the last member named `key`, when this is an object.
    subscript(key: String) -> WireJSON? {
        guard case .object(let members) = self else { return nil }
        return members.last { $0.key == key }?.value
    }

    /// What the value is, for error messages: `a string`, `a number`, ….
    var kindDescription: String {
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
    var stringValue: String? {
        if case .string(let text) = self { return text }
        return nil
    }

    /// An integer written as a JSON number or as a decimal string (`"11"`), when it fits in `Int64`.
    var integerValue: Int64? {
        switch self {
        case .number(let text), .string(let text): Self.decimalInteger(text)
        default: nil
        }
    }

    /// `text` as an `Int64` when it is an optional `-` and decimal digits only (no `+`, fraction or exponent).
    static func decimalInteger(_ text: String) -> Int64? {
        let digits = text.utf8.first == UInt8(ascii: "-") ? text.utf8.dropFirst() : text.utf8[...]
        guard !digits.isEmpty, digits.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int64(text)
    }

    /// The compact JSON text of this value.
    var text: String { String(decoding: bytes, as: UTF8.self) }

    /// The compact JSON of this value, as UTF-8.
    var data: Data { Data(bytes) }

    private var bytes: [UInt8] {
        var output: [UInt8] = []
        write(to: &output)
        return output
    }

    private func write(to output: inout [UInt8]) {
        switch self {
        case .null: output.append(contentsOf: "null".utf8)
        case .bool(let value): output.append(contentsOf: (value ? "true" : "false").utf8)
        case .number(let text): output.append(contentsOf: text.utf8)
        case .string(let text): JSONString.append(text, to: &output)
        case .array(let elements):
            output.append(UInt8(ascii: "["))
            for (index, element) in elements.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                element.write(to: &output)
            }
            output.append(UInt8(ascii: "]"))
        case .object(let members):
            output.append(UInt8(ascii: "{"))
            for (index, member) in members.enumerated() {
                if index > 0 { output.append(UInt8(ascii: ",")) }
                JSONString.append(member.key, to: &output)
                output.append(UInt8(ascii: ":"))
                member.value.write(to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
    }
}

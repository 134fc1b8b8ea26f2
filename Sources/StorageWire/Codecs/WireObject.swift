import Foundation
import Primitives
import StorageAPI

/// A JSON object read field by field, with a clear error for a field of the wrong type.
///
/// `what` names the body in messages (`the upload metadata`); failures are shaped by `side`.
package struct WireObject {
    package let members: [JSONValue.Member]
    package let what: String
    package let side: WireSide

    /// Parses `data` as one JSON object.
    package init(parsing data: Data, what: String, side: WireSide) throws(BackendError) {
        let value: JSONValue
        do {
            value = try JSONParser.parse(data)
        } catch {
            throw side.failure("\(Self.capitalized(what)) is not valid JSON: \(error).")
        }
        try self.init(value, what: what, side: side)
    }

    package init(_ value: JSONValue, what: String, side: WireSide) throws(BackendError) {
        guard case .object(let members) = value else {
            throw side.failure("\(Self.capitalized(what)) must be a JSON object, not \(value.kindDescription).")
        }
        self.members = members
        self.what = what
        self.side = side
    }

    package subscript(key: String) -> JSONValue? {
        members.last { $0.key == key }?.value
    }

    /// A string field; nil when it is absent or null.
    package func optionalString(_ key: String) throws(BackendError) -> String? {
        switch self[key] {
        case nil, .null?: return nil
        case .string(let text)?: return text
        case let other?: throw wrongType(key, other, expected: "a string")
        }
    }

    /// A string field that must be there.
    package func requiredString(_ key: String) throws(BackendError) -> String {
        guard let text = try optionalString(key) else {
            throw side.failure("\(Self.capitalized(what)) has no \"\(key)\".")
        }
        return text
    }

    /// A string field that may be absent (nil), null (`.some(nil)`) or a string.
    package func nullableString(_ key: String) throws(BackendError) -> String?? {
        switch self[key] {
        case nil: return nil
        case .null?: return .some(nil)
        case .string(let text)?: return .some(text)
        case let other?: throw wrongType(key, other, expected: "a string or null")
        }
    }

    /// An integer field written as a number or a decimal string; nil when absent or null.
    package func optionalInteger(_ key: String) throws(BackendError) -> Int64? {
        switch self[key] {
        case nil, .null?: return nil
        case let value?:
            guard let number = value.integerValue else { throw wrongType(key, value, expected: "an integer") }
            return number
        }
    }

    /// A nested object; nil when absent or null.
    package func optionalObject(_ key: String) throws(BackendError) -> WireObject? {
        switch self[key] {
        case nil, .null?: return nil
        case let value?:
            guard case .object = value else { throw wrongType(key, value, expected: "an object") }
            return try WireObject(value, what: "\"\(key)\" of \(what)", side: side)
        }
    }

    /// An array field; nil when absent or null.
    package func optionalArray(_ key: String) throws(BackendError) -> [JSONValue]? {
        switch self[key] {
        case nil, .null?: return nil
        case .array(let elements)?: return elements
        case let other?: throw wrongType(key, other, expected: "an array")
        }
    }

    /// Every member as a string or null (`.some(nil)`); any other type is an error.
    package func stringOrNullMembers() throws(BackendError) -> [String: String?] {
        var result: [String: String?] = [:]
        for member in members {
            switch member.value {
            case .null: result[member.key] = .some(nil)
            case .string(let text): result[member.key] = .some(text)
            default: throw wrongType(member.key, member.value, expected: "a string or null")
            }
        }
        return result
    }

    /// Whether a body holds nothing but JSON whitespace.
    package static func isBlank(_ data: Data) -> Bool {
        data.allSatisfy { $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
    }

    package func wrongType(_ key: String, _ value: JSONValue, expected: String) -> BackendError {
        side.failure("\"\(key)\" in \(what) must be \(expected), not \(value.kindDescription).")
    }

    package static func capitalized(_ text: String) -> String {
        text.prefix(1).uppercased() + text.dropFirst()
    }
}

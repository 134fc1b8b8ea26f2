import Foundation
import Primitives

extension ObjectFieldStyle {
    /// Reads the fields this dialect carries from a JSON object onto `resource`, tolerantly, so any endpoint
    /// can be measured: counts as numbers or decimal strings, the CRC32C in base64 or decimal, tokens
    /// comma-joined or as a list, times kept to the millisecond, unknown members ignored. An absent or null
    /// member leaves its field as it is; a member of the wrong type, a count below the field's minimum or a
    /// missing `required` field is a problem. Returns the fields that were there.
    package func read(_ object: JSONValue, into resource: inout ObjectResource) throws(ObjectFieldProblem)
        -> Set<ObjectField>
    {
        var present: Set<ObjectField> = []
        for field in fields where !field.isDerived {
            let key = key(field)
            guard let json = object[key] else { continue }
            if case .null = json { continue }
            field.set(try value(json, of: field, key: key), in: &resource)
            present.insert(field)
        }
        for field in required {
            let key = key(field)
            if !present.contains(field) { throw ObjectFieldProblem(key, .missing) }
            if case .string("")? = object[key] { throw ObjectFieldProblem(key, .missing) }
        }
        return present
    }

    private func value(_ json: JSONValue, of field: ObjectField, key: String) throws(ObjectFieldProblem)
        -> ObjectFieldValue
    {
        switch field.kind {
        case .text:
            return .text(try string(json, key))
        case .count:
            guard let count = json.integerValue else { throw wrongType(key, json, "an integer") }
            guard field.range.contains(count) else {
                throw ObjectFieldProblem(
                    key,
                    .invalid(
                        expected: "a whole number from \(field.range.lowerBound) to \(field.range.upperBound)",
                        found: json.text))
            }
            return .count(count)
        case .time:
            let text = try string(json, key)
            guard let date = StorageDateFormat.date(from: text) else {
                throw ObjectFieldProblem(key, .invalid(expected: "a timestamp", found: text))
            }
            return .time(Date(timeIntervalSince1970: (date.timeIntervalSince1970 * 1000).rounded() / 1000))
        case .checksum(.md5):
            return .checksum(try string(json, key))
        case .checksum(.crc32c):
            return .checksum(try crc32c(json, key))
        case .tokens:
            return .tokens(try tokens(json, key))
        case .stringMap:
            return .stringMap(try stringMap(json, key))
        }
    }

    private func string(_ json: JSONValue, _ key: String) throws(ObjectFieldProblem) -> String {
        guard case .string(let text) = json else { throw wrongType(key, json, "a string") }
        return text
    }

    /// Base64 of the big-endian value; the emulator's decimal form, as a number or as digits, is converted.
    private func crc32c(_ json: JSONValue, _ key: String) throws(ObjectFieldProblem) -> String {
        switch json {
        case .number(let text):
            guard let value = UInt32(text) else {
                throw ObjectFieldProblem(key, .invalid(expected: "a 32-bit checksum", found: text))
            }
            return CRC32C.base64(value)
        case .string(let text):
            let digits = text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
            if digits, let value = UInt32(text) { return CRC32C.base64(value) }
            return text
        default:
            throw wrongType(key, json, "a string")
        }
    }

    /// A comma-joined string (empty parts dropped) or a list of strings.
    private func tokens(_ json: JSONValue, _ key: String) throws(ObjectFieldProblem) -> [String] {
        switch json {
        case .string(let text):
            return text.split(separator: ",").map(String.init)
        case .array(let elements):
            var tokens: [String] = []
            for element in elements {
                guard case .string(let token) = element else { throw wrongType(key, element, "a list of strings") }
                tokens.append(token)
            }
            return tokens
        default:
            throw wrongType(key, json, "a string")
        }
    }

    private func stringMap(_ json: JSONValue, _ key: String) throws(ObjectFieldProblem) -> [String: String] {
        guard case .object(let members) = json else { throw wrongType(key, json, "an object") }
        var map: [String: String] = [:]
        for member in members {
            switch (member.value, customValues) {
            case (.string(let text), _): map[member.key] = text
            case (.null, .strings): map[member.key] = nil
            case (.null, .anyAsText): map[member.key] = ""
            case (let other, .anyAsText): map[member.key] = other.text
            case (let other, .strings):
                throw ObjectFieldProblem(
                    key, entry: member.key, .wrongType(expected: "a string or null", found: other.kindDescription))
            }
        }
        return map
    }

    private func wrongType(_ key: String, _ json: JSONValue, _ expected: String) -> ObjectFieldProblem {
        ObjectFieldProblem(key, .wrongType(expected: expected, found: json.kindDescription))
    }
}

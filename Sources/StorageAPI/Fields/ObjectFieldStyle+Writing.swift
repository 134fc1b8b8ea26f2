import Foundation
import Primitives

extension ObjectFieldStyle {
    /// `field` of `resource` as this dialect writes it; nil when the dialect leaves it out: an optional text
    /// that is not set, no custom metadata, no comma-joined tokens, an unset text it does not write.
    package func json(_ field: ObjectField, of resource: ObjectResource) -> JSONValue? {
        guard let value = field.value(in: resource) else { return nil }
        switch value {
        case .text(let text):
            if !writesUnsetText, text == field.unsetText { return nil }
            return .string(text)
        case .count(let count):
            return counts == .numbers ? .number(String(count)) : .string(String(count))
        case .time(let date):
            return .string(StorageDateFormat.string(from: date))
        case .checksum(let text):
            guard field.kind == .checksum(.crc32c), checksums == .decimalCRC32C, let decimal = Self.decimalCRC32C(text)
            else {
                return .string(text)
            }
            return .string(decimal)
        case .tokens(let list):
            switch tokens {
            case .commaJoined: return list.isEmpty ? nil : .string(list.joined(separator: ","))
            case .list: return .array(list.map(JSONValue.string))
            }
        case .stringMap(let map):
            guard !map.isEmpty else { return nil }
            return .object(map.sorted { $0.key < $1.key }.map { JSONValue.Member($0.key, .string($0.value)) })
        }
    }

    /// Each member this dialect writes for `resource`, in its order.
    package func forEachMember(of resource: ObjectResource, _ body: (_ key: String, _ value: JSONValue) -> Void) {
        for field in fields {
            if let json = json(field, of: resource) { body(key(field), json) }
        }
    }

    /// The members this dialect writes for `resource`, in its order.
    package func members(of resource: ObjectResource) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = []
        forEachMember(of: resource) { members.append(JSONValue.Member($0, $1)) }
        return members
    }

    /// A base64 CRC32C as the emulator's decimal number; nil when it is not 4 bytes of base64.
    package static func decimalCRC32C(_ base64: String) -> String? {
        guard case .success(let bytes) = Base64.decode(base64), bytes.count == 4 else { return nil }
        return String(bytes.reduce(UInt32(0)) { $0 << 8 | UInt32($1) })
    }
}

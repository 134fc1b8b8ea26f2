import Foundation

/// A value given to the rules from outside: a token's claims (`request.auth.token`), JSON-shaped, and an
/// object's fields (`RulesObject`), which may also be times.
public enum RulesValue: Sendable, Hashable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(String)
    case list([RulesValue])
    case map([String: RulesValue])
    case timestamp(Date)

    /// A value read by `JSONSerialization`: numbers without a fraction that fit 64 bits become `int`; nil for
    /// anything JSON cannot hold.
    public init?(jsonObject: Any) {
        switch jsonObject {
        case is NSNull:
            self = .null
        case let number as NSNumber:
            if String(cString: number.objCType) == "c" {
                self = .bool(number.boolValue)
            } else if let exact = Int64(exactly: number.doubleValue), !Self.hasFraction(number) {
                self = .int(exact)
            } else {
                self = .float(number.doubleValue)
            }
        case let string as String:
            self = .string(string)
        case let array as [Any]:
            var items: [RulesValue] = []
            for item in array {
                guard let value = RulesValue(jsonObject: item) else { return nil }
                items.append(value)
            }
            self = .list(items)
        case let object as [String: Any]:
            var entries: [String: RulesValue] = [:]
            for (key, item) in object {
                guard let value = RulesValue(jsonObject: item) else { return nil }
                entries[key] = value
            }
            self = .map(entries)
        default:
            return nil
        }
    }

    private static func hasFraction(_ number: NSNumber) -> Bool {
        let type = String(cString: number.objCType)
        return type == "d" || type == "f"
    }
}

/// A value during evaluation. `request`, `request.auth`, `resource` and `request.resource` are references read
/// field by field from the request, so a decision builds no maps it does not need.
enum Value: Sendable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(String)
    case bytes([UInt8])
    case list([Value])
    case map([String: Value])
    case set(Set<Value>)
    case timestamp(Timestamp)
    case duration(RulesDuration)
    case path(String)
    case mapDiff(MapDiff)
    case reference(RequestReference)

    var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "bool"
        case .int: "int"
        case .float: "float"
        case .string: "string"
        case .bytes: "bytes"
        case .list: "list"
        case .map, .reference: "map"
        case .set: "set"
        case .timestamp: "timestamp"
        case .duration: "duration"
        case .path: "path"
        case .mapDiff: "map_diff"
        }
    }
}

/// A part of the request read lazily.
enum RequestReference: Sendable, Hashable {
    case request
    case auth
    case resource
    case incoming
}

/// `map.diff(other)`: the two maps compared.
struct MapDiff: Sendable, Hashable {
    var left: [String: Value]
    var right: [String: Value]
}

/// Equality as `==` sees it: an int equals the float of the same number; a set ignores order.
extension Value: Hashable {
    static func == (lhs: Value, rhs: Value) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.float(let a), .float(let b)): a == b
        case (.int(let a), .float(let b)), (.float(let b), .int(let a)): Double(a) == b && Int64(exactly: b) == a
        case (.string(let a), .string(let b)): a == b
        case (.bytes(let a), .bytes(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a == b
        case (.set(let a), .set(let b)): a == b
        case (.timestamp(let a), .timestamp(let b)): a == b
        case (.duration(let a), .duration(let b)): a == b
        case (.path(let a), .path(let b)): a == b
        case (.mapDiff(let a), .mapDiff(let b)): a == b
        case (.reference(let a), .reference(let b)): a == b
        default: false
        }
    }

    func hash(into hasher: inout Hasher) {
        switch self {
        case .null: hasher.combine(0)
        case .bool(let value): hasher.combine(value)
        case .int(let value): hasher.combine(Double(value))
        case .float(let value): hasher.combine(value)
        case .string(let value): hasher.combine(value)
        case .bytes(let value): hasher.combine(value)
        case .list(let value): hasher.combine(value)
        case .map(let value): hasher.combine(value)
        case .set(let value): hasher.combine(value)
        case .timestamp(let value): hasher.combine(value)
        case .duration(let value): hasher.combine(value)
        case .path(let value): hasher.combine(value)
        case .mapDiff(let value): hasher.combine(value)
        case .reference(let value): hasher.combine(value)
        }
    }
}

extension Value {
    init(_ value: RulesValue) {
        switch value {
        case .null: self = .null
        case .bool(let value): self = .bool(value)
        case .int(let value): self = .int(value)
        case .float(let value): self = .float(value)
        case .string(let value): self = .string(value)
        case .list(let items): self = .list(items.map(Value.init))
        case .map(let entries): self = .map(entries.mapValues(Value.init))
        case .timestamp(let date): self = .timestamp(Timestamp(date))
        }
    }

    init(_ text: String?) {
        self = text.map { .string($0) } ?? .null
    }
}

/// The content of a YAML node, after scalar resolution.
public enum YAMLValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(String)
    case sequence([YAMLNode])
    /// Pairs in the order they were written; keys are unique.
    case mapping([YAMLPair])

    /// A short name for messages: "null", "boolean", "integer", "float", "string", "sequence", "mapping".
    public var typeName: String {
        switch self {
        case .null: "null"
        case .bool: "boolean"
        case .int: "integer"
        case .float: "float"
        case .string: "string"
        case .sequence: "sequence"
        case .mapping: "mapping"
        }
    }
}

/// What a YAML 1.1 loader (PyYAML, go-yaml v2, …) makes of a plain scalar whose YAML 1.2 meaning differs.
public enum YAML11Reading: Sendable, Equatable {
    /// `yes`, `no`, `on`, `off` and their capitalized forms.
    case bool(Bool)
    /// `y`, `Y`, `n`, `N`: booleans in YAML 1.1's type list, which some loaders follow (go-yaml v2) and PyYAML
    /// does not (it keeps them strings).
    case typeListBool(Bool)
    /// Octal `017`, binary `0b101`, `1_000`, sexagesimal `1:30`, signed hex `-0x1F`; `nil` when the value
    /// does not fit in 64 bits.
    case int(Int64?)
    /// `1_000.5`, `1:30.5`, …
    case float(Double)
    /// A scalar YAML 1.2 resolves (`0o17`, `1.5e3`, `-.5`) that YAML 1.1 keeps as a string.
    case string
    /// A date or time such as `2024-01-31`.
    case timestamp
    /// `<<`, the merge key.
    case mergeKey
    /// `=`, the value key (PyYAML's safe loader refuses it).
    case valueKey

    /// A phrase for lint messages: "the boolean true", "a date", ….
    public var summary: String {
        switch self {
        case .bool(let value), .typeListBool(let value): "the boolean \(value)"
        case .int(let value?): "the integer \(value)"
        case .int(nil): "an integer too large for 64 bits"
        case .float(let value): "the float \(value)"
        case .string: "a string"
        case .timestamp: "a date or time"
        case .mergeKey: "a merge key"
        case .valueKey: "a value key"
        }
    }

    /// Whether PyYAML, the reference loader of the scenario language, reads the scalar this way.
    public var isPyYAMLReading: Bool {
        if case .typeListBool = self { return false }
        return true
    }

    /// Who reads the scalar this way, for lint messages.
    public var readers: String {
        isPyYAMLReading
            ? "YAML 1.1 loaders such as PyYAML"
            : "YAML 1.1's type list, which some loaders follow (go-yaml v2; PyYAML keeps it a string)"
    }
}

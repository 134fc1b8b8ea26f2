import Foundation

/// One field's value, by its kind: what `ObjectField` reads from an `ObjectResource` and sets on one.
public enum ObjectFieldValue: Sendable, Equatable {
    case text(String)
    case count(Int64)
    case time(Date)
    /// Base64, as `ObjectResource` keeps its checksums.
    case checksum(String)
    case tokens([String])
    case stringMap([String: String])
}

/// How a scalar was written. Only plain scalars are resolved to null, booleans and numbers; every other
/// style is a string.
public enum ScalarStyle: Sendable, Hashable {
    case plain
    case singleQuoted
    case doubleQuoted
    /// `|`
    case literal
    /// `>`
    case folded
}

import Primitives

/// A node of a parsed YAML document, with where it was written.
///
/// The location of a scalar is its first character (its opening quote or `|`/`>` indicator); of a flow
/// collection its opening bracket; of a block sequence its first `-`; of a block mapping (or a
/// `[key: value]` pair) its first key. An omitted value (`key:`) is a plain null located just after the
/// indicator that introduced it.
public struct YAMLNode: Sendable, Equatable {
    public var value: YAMLValue
    public var location: SourceLocation
    /// How the scalar was written; `nil` for collections.
    public var style: ScalarStyle?
    /// How a YAML 1.1 loader such as PyYAML reads this plain scalar, when that differs from the YAML 1.2
    /// reading in `value` (`yes`, `017`, `1.5e3`, `2024-01-31`, …); `nil` when both agree.
    public var yaml11Reading: YAML11Reading?

    public init(
        value: YAMLValue, location: SourceLocation, style: ScalarStyle? = nil, yaml11Reading: YAML11Reading? = nil
    ) {
        self.value = value
        self.location = location
        self.style = style
        self.yaml11Reading = yaml11Reading
    }

    /// Whether YAML 1.1 and YAML 1.2 loaders read this plain scalar differently (lint warns about these).
    public var isVersionAmbiguous: Bool { yaml11Reading != nil }
}

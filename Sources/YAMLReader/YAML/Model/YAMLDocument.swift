import Primitives

/// One document of a YAML stream.
public struct YAMLDocument: Sendable, Equatable {
    public var root: YAMLNode
    /// Where the document starts: its `---` marker, or its first node when it has none.
    public var location: SourceLocation

    public init(root: YAMLNode, location: SourceLocation) {
        self.root = root
        self.location = location
    }
}

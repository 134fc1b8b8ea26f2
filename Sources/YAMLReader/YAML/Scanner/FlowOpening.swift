import Primitives

/// An open `[` or `{`.
struct FlowOpening {
    var isMapping: Bool
    var location: SourceLocation

    var name: String { isMapping ? "flow mapping" : "flow sequence" }
    var closer: String { isMapping ? "'}'" : "']'" }
}

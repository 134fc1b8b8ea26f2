/// A token that may turn out to be an implicit mapping key, if a `:` follows on the same line.
struct SimpleKey {
    /// The number the token has in the stream of all tokens (the `KEY` token is inserted before it).
    var tokenNumber: Int
    /// In block context a token at the mapping's indentation must be a key; a missing `:` is then an error.
    var required: Bool
    var location: SourceLocation
    /// Column in bytes from the line start (only spaces and ASCII indicators precede a block key).
    var column: Int
}

/// An open `[` or `{`.
struct FlowOpening {
    var isMapping: Bool
    var location: SourceLocation

    var name: String { isMapping ? "flow mapping" : "flow sequence" }
    var closer: String { isMapping ? "'}'" : "']'" }
}

/// A place in a source file: 1-based line and column (the column counted in Unicode scalars), plus the
/// byte offset from the start of the file.
///
/// A leading byte order mark is not a column: the first character after it is line 1, column 1 (but its
/// offset is 3).
public struct SourceLocation: Sendable, Hashable, CustomStringConvertible {
    public var line: Int
    public var column: Int
    public var offset: Int

    public init(line: Int, column: Int, offset: Int) {
        self.line = line
        self.column = column
        self.offset = offset
    }

    /// `LINE:COLUMN`.
    public var description: String { "\(line):\(column)" }
}

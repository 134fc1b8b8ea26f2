/// A place in a rules file: 1-based line and column (in Unicode scalars).
struct SourcePosition: Sendable, Hashable, CustomStringConvertible {
    var line: Int32
    var column: Int32

    init(line: Int, column: Int) {
        self.line = Int32(clamping: line)
        self.column = Int32(clamping: column)
    }

    var description: String { "\(line):\(column)" }
}

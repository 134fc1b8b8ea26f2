// TEMPORARY stand-in until the yaml branch lands; deleted at merge.
public struct SourceLocation: Sendable, Hashable { public var line: Int; public var column: Int; public var offset: Int
    public init(line: Int, column: Int, offset: Int) { self.line = line; self.column = column; self.offset = offset } }

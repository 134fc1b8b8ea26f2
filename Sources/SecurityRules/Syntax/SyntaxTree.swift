/// A rules file as written, before names are resolved.
struct RulesFileSyntax: Sendable {
    var version: Int
    var versionPosition: SourcePosition?
    var service: ServiceSyntax?
}

struct ServiceSyntax: Sendable {
    var name: String
    var position: SourcePosition
    var body: BlockSyntax
}

/// What a service or a `match` holds.
struct BlockSyntax: Sendable {
    var functions: [FunctionSyntax] = []
    var matches: [MatchSyntax] = []
    var allows: [AllowSyntax] = []
}

struct MatchSyntax: Sendable {
    var segments: [PathSegmentSyntax]
    var position: SourcePosition
    var body: BlockSyntax
}

/// One segment of a `match` path.
enum PathSegmentSyntax: Sendable, Equatable {
    case literal(String)
    /// `{name}`: one segment.
    case variable(String, SourcePosition)
    /// `{name=**}`: the rest of the path (version 1: one or more segments, last only; version 2: zero or more).
    case recursive(String, SourcePosition)
}

struct AllowSyntax: Sendable {
    var methods: [(name: String, position: SourcePosition)]
    var condition: ExpressionSyntax?
    var position: SourcePosition
}

struct FunctionSyntax: Sendable {
    var name: String
    var parameters: [(name: String, position: SourcePosition)]
    var lets: [(name: String, value: ExpressionSyntax, position: SourcePosition)]
    var result: ExpressionSyntax
    var position: SourcePosition
}

/// An expression as written, each node with the position errors about it point at.
indirect enum ExpressionSyntax: Sendable {
    case null(SourcePosition)
    case bool(Bool, SourcePosition)
    case integer(Int64, SourcePosition)
    case float(Double, SourcePosition)
    case string(String, SourcePosition)
    case bytes([UInt8], SourcePosition)
    case list([ExpressionSyntax], SourcePosition)
    case map([(key: ExpressionSyntax, value: ExpressionSyntax)], SourcePosition)
    /// `/databases/$(database)/documents/…`.
    case path([PathLiteralPart], SourcePosition)
    case identifier(String, SourcePosition)
    case member(ExpressionSyntax, String, SourcePosition)
    case index(ExpressionSyntax, ExpressionSyntax, SourcePosition)
    case slice(ExpressionSyntax, ExpressionSyntax?, ExpressionSyntax?, SourcePosition)
    case call(ExpressionSyntax, [ExpressionSyntax], SourcePosition)
    case unary(UnaryOperator, ExpressionSyntax, SourcePosition)
    case binary(BinaryOperator, ExpressionSyntax, ExpressionSyntax, SourcePosition)
    /// `a && b && …` and `a || b || …`, flat so long chains do not nest.
    case logical(isAnd: Bool, [ExpressionSyntax], SourcePosition)
    case conditional(ExpressionSyntax, ExpressionSyntax, ExpressionSyntax, SourcePosition)
    case isType(ExpressionSyntax, RulesType, SourcePosition)

    var position: SourcePosition {
        switch self {
        case .null(let position), .bool(_, let position), .integer(_, let position), .float(_, let position),
            .string(_, let position), .bytes(_, let position), .list(_, let position), .map(_, let position),
            .path(_, let position), .identifier(_, let position), .member(_, _, let position),
            .index(_, _, let position), .slice(_, _, _, let position), .call(_, _, let position),
            .unary(_, _, let position), .binary(_, _, _, let position), .logical(_, _, let position),
            .conditional(_, _, _, let position), .isType(_, _, let position):
            position
        }
    }
}

enum PathLiteralPart: Sendable {
    case literal(String)
    case interpolated(ExpressionSyntax)
}

enum UnaryOperator: String, Sendable {
    case not = "!"
    case negate = "-"
}

enum BinaryOperator: String, Sendable {
    case equal = "=="
    case notEqual = "!="
    case less = "<"
    case lessEqual = "<="
    case greater = ">"
    case greaterEqual = ">="
    case `in` = "in"
    case add = "+"
    case subtract = "-"
    case multiply = "*"
    case divide = "/"
    case remainder = "%"
}

/// The type names `is` accepts.
enum RulesType: String, Sendable, CaseIterable {
    case bool
    case bytes
    case duration
    case float
    case int
    case latlng
    case list
    case map
    case mapDiff = "map_diff"
    case number
    case path
    case set
    case string
    case timestamp
}

/// A checked rules file in the form `decide` walks: the match tree with path segments as bytes, conditions with
/// every name resolved to a slot, a function index or a built-in, and literal regular expressions compiled.
struct CompiledProgram: Sendable {
    var version: Int
    var root: CompiledBlock
    var functions: [CompiledFunction]
    /// The most path variables any chain of matches binds.
    var captureCount: Int
}

/// A `match` block. A class, so that a walk hands blocks on without copying their arrays.
final class CompiledBlock: Sendable {
    let segments: [CompiledSegment]
    let allows: [CompiledAllow]
    let children: [CompiledBlock]
    /// Whether this block or one below it has an `allow`.
    let grantsAnything: Bool
    /// The children that can grant, by the literal their path starts with (as text: a short segment is a
    /// string without an allocation), so a large file's siblings are not tried one by one.
    let childrenByFirstLiteral: [String: [Int]]
    /// The children that can grant whose path starts with a variable (or is empty).
    let childrenByVariable: [Int]

    init(segments: [CompiledSegment], allows: [CompiledAllow], children: [CompiledBlock]) {
        self.segments = segments
        self.allows = allows
        self.children = children
        grantsAnything = !allows.isEmpty || children.contains(where: \.grantsAnything)
        var byLiteral: [String: [Int]] = [:]
        var byVariable: [Int] = []
        for (index, child) in children.enumerated() where child.grantsAnything {
            if case .literal(let literal) = child.segments.first {
                byLiteral[String(decoding: literal, as: UTF8.self), default: []].append(index)
            } else {
                byVariable.append(index)
            }
        }
        childrenByFirstLiteral = byLiteral
        childrenByVariable = byVariable
    }
}

enum CompiledSegment: Sendable {
    case literal([UInt8])
    case variable(slot: Int)
    case recursive(slot: Int)
}

struct CompiledAllow: Sendable {
    var methods: RulesMethodSet
    var condition: Node?
    var position: SourcePosition
    /// `allow read, write`, for explanations.
    var text: String
    /// The `match` statements around it, outermost first, for explanations.
    var matches: [MatchHeader]
}

/// A `match` statement as a denial names it: its path as written and where it is.
struct MatchHeader: Sendable {
    /// `/b/{bucket}/o/images/{imageId}`.
    var path: String
    var position: SourcePosition
}

struct CompiledFunction: Sendable {
    var name: String
    var parameterCount: Int
    var lets: [Node]
    var result: Node
    var position: SourcePosition
    /// The parameters' names, then the `let`s', by slot: an explanation prints the body with them.
    var localNames: [String] = []
}

/// Methods as bits, so checking whether an `allow` covers a request is one AND.
struct RulesMethodSet: OptionSet, Sendable {
    let rawValue: UInt8

    init(rawValue: UInt8) { self.rawValue = rawValue }

    init(_ method: RulesMethod) {
        switch method {
        case .get: self = .get
        case .list: self = .list
        case .create: self = .create
        case .update: self = .update
        case .delete: self = .delete
        }
    }

    static let get = RulesMethodSet(rawValue: 1)
    static let list = RulesMethodSet(rawValue: 2)
    static let create = RulesMethodSet(rawValue: 4)
    static let update = RulesMethodSet(rawValue: 8)
    static let delete = RulesMethodSet(rawValue: 16)

    /// The words `allow` accepts and what each covers.
    static let words: [String: RulesMethodSet] = [
        "read": [.get, .list], "write": [.create, .update, .delete], "get": .get, "list": .list,
        "create": .create, "update": .update, "delete": .delete,
    ]
}

/// A resolved expression.
indirect enum Node: Sendable {
    case constant(Value)
    /// A function's parameter or `let`, by its place in the frame.
    case local(Int)
    /// A path variable, by its slot among the request's captures.
    case capture(slot: Int, name: String, SourcePosition)
    case reference(RequestReference)
    case member(Node, Field, SourcePosition)
    case index(Node, Node, SourcePosition)
    case slice(Node, Node?, Node?, SourcePosition)
    case unary(UnaryOperator, Node, SourcePosition)
    case binary(BinaryOperator, Node, Node, SourcePosition)
    case logical(isAnd: Bool, [Node])
    case conditional(Node, Node, Node, SourcePosition)
    case list([Node], SourcePosition)
    case map([(key: Node, value: Node)], SourcePosition)
    case path([PathNodePart], SourcePosition)
    case isType(Node, RulesType)
    case call(function: Int, [Node], SourcePosition)
    case builtin(Builtin, [Node], SourcePosition)
    case method(Node, Method, [Node], SourcePosition)
    /// `matches`, `split` or `replace` with a literal pattern, compiled when the file is loaded.
    case regexMethod(Node, Method, RulesRegex, [Node], SourcePosition)
}

enum PathNodePart: Sendable {
    case literal(String)
    case interpolated(Node)
}

/// A member name, with the field of `request` or `request.auth` it names when it names one (an object's fields
/// are looked up by name in its `RulesObject`).
struct Field: Sendable {
    var name: String
    var known: KnownField?

    init(_ name: String) {
        self.name = name
        known = KnownField(rawValue: name)
    }
}

/// The fields of `request` and `request.auth`: the evaluator reads them, and `unknownFields` checks names
/// against them.
enum KnownField: String, Sendable {
    case auth, resource, time, path, method, params
    case uid, token

    /// The fields of `request`.
    static let ofRequest: [KnownField] = [.auth, .resource, .time, .path, .method, .params]
    /// The fields of `request.auth` (the claims under `token` are the caller's).
    static let ofAuth: [KnownField] = [.uid, .token]
}

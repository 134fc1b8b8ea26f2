import StorageModel

/// `expect:` of a step. Which fields a verb accepts is checked when the file is read; the runner checks
/// every field that is set.
public struct Expectation: Sendable, Equatable {
    public var location: SourceLocation

    // Any step that can fail.
    public var error: ErrorExpectation?

    // References (`ref`).
    public var isNil: Bool = false
    public var fullPath: Template?
    public var name: Template?
    public var bucket: Template?
    public var description: Template?
    /// `equals: $OTHER`.
    public var equals: String?

    // Transfers.
    public var events: EventPattern?
    public var metadata: [String: ExpectedValue]?
    public var data: DataSource?
    public var size: Int64?
    public var sha256: String?
    public var progress: (completed: Int64?, total: Int64?)?
    /// Per observer handle: the events it received.
    public var observers: [(handle: String, pattern: EventPattern)]?

    // downloadURL.
    public var matches: Template?

    // list / listAll.
    public var prefixes: [Template]?
    public var items: [Template]?
    public var pageToken: PageTokenExpectation?

    public init(location: SourceLocation) {
        self.location = location
    }

    public static func == (lhs: Expectation, rhs: Expectation) -> Bool {
        lhs.location == rhs.location && lhs.error == rhs.error && lhs.isNil == rhs.isNil && lhs.fullPath == rhs.fullPath
            && lhs.name == rhs.name && lhs.bucket == rhs.bucket && lhs.description == rhs.description
            && lhs.equals == rhs.equals && lhs.events == rhs.events && lhs.metadata == rhs.metadata
            && lhs.data == rhs.data
            && lhs.size == rhs.size && lhs.sha256 == rhs.sha256 && lhs.progress?.completed == rhs.progress?.completed
            && lhs.progress?.total == rhs.progress?.total && (lhs.progress == nil) == (rhs.progress == nil)
            && lhs.observers?.map(\.handle) == rhs.observers?.map(\.handle)
            && lhs.observers?.map(\.pattern) == rhs.observers?.map(\.pattern)
            && lhs.matches == rhs.matches && lhs.prefixes == rhs.prefixes && lhs.items == rhs.items
            && lhs.pageToken == rhs.pageToken
    }
}

/// `error: CODE`, `error: { code: CODE, message: "substring" }` or `message: /regex/`.
public struct ErrorExpectation: Sendable, Equatable {
    public enum MessageMatch: Sendable, Equatable {
        case substring(Template)
        /// The text between the slashes.
        case regex(String)
    }

    public var code: StorageErrorCode
    public var message: MessageMatch?

    public init(code: StorageErrorCode, message: MessageMatch? = nil) {
        self.code = code
        self.message = message
    }
}

/// `pageToken: present | absent | "literal"`.
public enum PageTokenExpectation: Sendable, Equatable {
    case present, absent
    case equals(Template)
}

/// An expected value in a partial match (metadata): scalars, maps (custom metadata) and lists, and the
/// matchers `{ present: true }`, `/regex/` and `{ not: VALUE }`.
public indirect enum ExpectedValue: Sendable, Equatable {
    case null
    case bool(Bool)
    case int(Int64)
    case float(Double)
    case string(Template)
    case list([ExpectedValue])
    case map([(key: String, value: ExpectedValue)])
    /// Any value, as long as there is one.
    case present
    /// A value the regular expression (the text between the slashes) finds a match in.
    case regex(String)
    /// Anything but what the inner value matches (absent included, unless the inner value is `null`).
    case not(ExpectedValue)

    public static func == (lhs: ExpectedValue, rhs: ExpectedValue) -> Bool {
        switch (lhs, rhs) {
        case (.null, .null): true
        case (.bool(let a), .bool(let b)): a == b
        case (.int(let a), .int(let b)): a == b
        case (.float(let a), .float(let b)): a == b
        case (.string(let a), .string(let b)): a == b
        case (.list(let a), .list(let b)): a == b
        case (.map(let a), .map(let b)): a.map(\.key) == b.map(\.key) && a.map(\.value) == b.map(\.value)
        case (.present, .present): true
        case (.regex(let a), .regex(let b)): a == b
        case (.not(let a), .not(let b)): a == b
        default: false
        }
    }
}

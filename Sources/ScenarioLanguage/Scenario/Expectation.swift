import Primitives
import StorageAPI
import StorageSDK
import YAMLReader

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
    public var progress: ExpectedProgress?
    /// Per observer handle: the events it received.
    public var observers: [ObserverExpectation]?

    // downloadURL.
    public var matches: Template?

    // list / listAll.
    public var prefixes: [Template]?
    public var items: [Template]?
    public var pageToken: PageTokenExpectation?

    // Any step that sends requests: what the target observed (docs/scenario-language.md, "What the target saw").
    /// `requests: { KIND: N }`: how many requests of each kind reached the target during the step.
    public var requests: [RequestCount]?
    /// `took: { atLeast: S, atMost: S }`: the seconds the step lasted on the client's clock.
    public var took: ClockSpan?
    /// `sequence: [KIND, …]`: the kinds of every request that reached the target during the step, in order.
    public var sequence: [RequestFault.Kind]?

    public init(location: SourceLocation) {
        self.location = location
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
    /// The body of the service's answer behind the error (`body:`).
    public var body: MessageMatch?

    public init(code: StorageErrorCode, message: MessageMatch? = nil, body: MessageMatch? = nil) {
        self.code = code
        self.message = message
        self.body = body
    }
}

/// `pageToken: present | absent | "literal"`.
public enum PageTokenExpectation: Sendable, Equatable {
    case present, absent
    case equals(Template)
}

/// `progress: { completed, total }` of a finished transfer; nil fields are not checked.
public struct ExpectedProgress: Sendable, Equatable {
    public var completed: Int64?
    public var total: Int64?

    public init(completed: Int64? = nil, total: Int64? = nil) {
        self.completed = completed
        self.total = total
    }
}

/// `observer: { HANDLE: PATTERN }`: what one observer must have received.
public struct ObserverExpectation: Sendable, Equatable {
    public var handle: String
    public var pattern: EventPattern

    public init(handle: String, pattern: EventPattern) {
        self.handle = handle
        self.pattern = pattern
    }
}

/// One key of a mapping in an expected value (custom metadata).
public struct ExpectedEntry: Sendable, Equatable {
    public var key: String
    public var value: ExpectedValue

    public init(_ key: String, _ value: ExpectedValue) {
        self.key = key
        self.value = value
    }
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
    case map([ExpectedEntry])
    /// Any value, as long as there is one.
    case present
    /// A value the regular expression (the text between the slashes) finds a match in.
    case regex(String)
    /// Anything but what the inner value matches (absent included, unless the inner value is `null`).
    case not(ExpectedValue)
}

/// One entry of `requests:`: the target saw `count` requests of `kind` during the step.
public struct RequestCount: Sendable, Equatable {
    public var kind: RequestFault.Kind
    public var count: Int

    public init(kind: RequestFault.Kind, count: Int) {
        self.kind = kind
        self.count = count
    }
}

/// `took:`: bounds, in seconds on the client's clock, of how long a step lasted; at least one is set.
public struct ClockSpan: Sendable, Equatable {
    public var atLeast: Double?
    public var atMost: Double?

    public init(atLeast: Double? = nil, atMost: Double? = nil) {
        self.atLeast = atLeast
        self.atMost = atMost
    }

    public func contains(_ seconds: Double) -> Bool {
        seconds >= (atLeast ?? 0) && seconds <= (atMost ?? .infinity)
    }

    public var description: String {
        switch (atLeast, atMost) {
        case (let low?, let high?): "from \(low) s to \(high) s"
        case (let low?, nil): "at least \(low) s"
        case (nil, let high?): "at most \(high) s"
        case (nil, nil): "any time"
        }
    }
}

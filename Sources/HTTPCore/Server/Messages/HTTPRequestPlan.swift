/// What a server makes of one request, decided once from its head (`HTTPServer(configuration:planner:)`): whether
/// an event loop may answer it, whether it is refused before its body is read, how its body is received, and its
/// answer. The connection asks every question of the same plan, so a router reads a request's path once.
///
/// Each question but `respond` is given the request's head (its body not read yet).
public protocol HTTPRequestPlan: Sendable {
    /// For a request with no body: true lets the event loop that received it answer it itself, so `respond` must
    /// not wait (no sleeps, disk syncs or locks held long), for the loop's other connections wait meanwhile.
    var answersOnLoop: Bool { get }
    /// For a request with a body, before the body is read or `100 Continue` is sent: an answer that refuses it (sent
    /// at once, the connection closed, the body never read), or nil. Where a request is authorised before a client
    /// may spend bandwidth on its body.
    func refusal(_ head: HTTPRequest) -> HTTPResponse?
    /// After `refusal`: true leaves a body of known length unread, for `respond` to pull from
    /// `HTTPRequest.bodyStream` as it arrives (up to `maxBodyBytes`), instead of receiving it whole first.
    func streamsBody(_ head: HTTPRequest) -> Bool
    /// For a body received whole: the largest the request takes (at most `maxBufferedBodyBytes`; nil: that);
    /// larger is answered 413 before a byte of it is read.
    func bufferedBodyLimit(_ head: HTTPRequest) -> Int?
    /// The answer, given the request with its body (or its `bodyStream`).
    func respond(to request: HTTPRequest) -> HTTPResponse
}

extension HTTPRequestPlan {
    public var answersOnLoop: Bool { false }
    public func refusal(_ head: HTTPRequest) -> HTTPResponse? { nil }
    public func streamsBody(_ head: HTTPRequest) -> Bool { false }
    public func bufferedBodyLimit(_ head: HTTPRequest) -> Int? { nil }
}

/// The plan `HTTPServer`'s closure-based initialiser makes: each question asked of the closure given for it.
struct ClosurePlan: HTTPRequestPlan {
    let handler: @Sendable (HTTPRequest) -> HTTPResponse
    let vetHead: (@Sendable (HTTPRequest) -> HTTPResponse?)?
    let streams: (@Sendable (HTTPRequest) -> Bool)?
    let bodyLimit: (@Sendable (HTTPRequest) -> Int?)?
    let answersOnLoop: Bool

    func refusal(_ head: HTTPRequest) -> HTTPResponse? { vetHead?(head) ?? nil }
    func streamsBody(_ head: HTTPRequest) -> Bool { streams?(head) ?? false }
    func bufferedBodyLimit(_ head: HTTPRequest) -> Int? { bodyLimit?(head) ?? nil }
    func respond(to request: HTTPRequest) -> HTTPResponse { handler(request) }
}

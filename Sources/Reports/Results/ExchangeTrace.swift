/// The HTTP exchanges a scenario's steps made, as reports show them: each one's text (request and answer,
/// tokens redacted, bodies cut), oldest first. A scenario with a failure keeps them; with `run --trace`, every
/// scenario that ran does.
public struct ExchangeTrace: Sendable, Equatable {
    /// Each kept exchange's text: `>` lines the request, `<` lines the answer, a `!` line why none came.
    public var exchanges: [String]
    /// How many earlier exchanges were let go (a session keeps only its last ones).
    public var dropped: Int

    public init(exchanges: [String] = [], dropped: Int = 0) {
        self.exchanges = exchanges
        self.dropped = dropped
    }

    /// No exchange: the scenario kept none, or made none over HTTP.
    public static let none = ExchangeTrace()

    public var isEmpty: Bool { exchanges.isEmpty && dropped == 0 }

    /// The last exchange's text, or nil.
    public var last: String? { exchanges.last }
}

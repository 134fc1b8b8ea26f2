/// One fault: which requests it hits and what happens to them (`FaultInjectingBackend`).
public struct RequestFault: Sendable, Equatable {
    /// What a request does, as faults name it.
    public enum Kind: String, Sendable, CaseIterable {
        case uploadStart, chunk, finalize, query, cancel, download, metadata, update, list, delete
    }

    /// Which requests of the kind it hits, counted from 1 within the scenario.
    public enum Occurrence: Sendable, Equatable {
        /// Only the K-th.
        case nth(Int)
        /// The first K.
        case first(Int)
        case every
    }

    public enum Action: Sendable, Equatable {
        /// The service answers this status (with `Retry-After` seconds and a body when given) and does nothing.
        case status(Int, retryAfter: Double?, body: String? = nil)
        /// The connection is reset before the request gets any answer; the service never sees it.
        case reset
        /// The service does what was asked, then the connection is reset before the answer arrives.
        case answerLost
        /// A query answers this many received bytes, whatever the session holds.
        case misreport(receivedBytes: Int64)
        /// A download's first byte arrives flipped.
        case corrupt
        /// The connection drops after this many bytes of a chunk's body: the service keeps what arrived (as
        /// a non-final chunk), and no answer comes.
        case dropRequest(afterBytes: Int64)
        /// The connection drops after this many bytes of a download's answer: those bytes arrive, the rest
        /// does not.
        case dropResponse(afterBytes: Int64)
        /// The answer comes this many seconds late; a request that waits longer than the client's request
        /// timeout gives up then with a timeout, before the service sees it.
        case stall(seconds: Double)
    }

    public var kind: Kind
    public var occurrence: Occurrence
    public var action: Action

    public init(kind: Kind, occurrence: Occurrence, action: Action) {
        self.kind = kind
        self.occurrence = occurrence
        self.action = action
    }

    package func matches(_ kind: Kind, number: Int) -> Bool {
        guard kind == self.kind else { return false }
        switch occurrence {
        case .nth(let index): return number == index
        case .first(let count): return number <= count
        case .every: return true
        }
    }
}

/// One fault: which requests it hits and what happens to them. The one vocabulary of faults, whoever carries
/// them out: the client's decorator (`FaultInjectingBackend`) or `serve` (a bucket's fault plan, a retry test),
/// read from scenarios, from storage-testbench's instructions (`init(testbenchInstruction:)`) and from JSON
/// (`RequestFaultJSON`).
public struct RequestFault: Sendable, Equatable {
    /// What a request does, as scenarios name it.
    public enum Kind: String, Sendable, CaseIterable {
        case uploadStart, chunk, finalize, query, cancel, download, metadata, update, list, delete

        /// The requests of a resumable upload or a one-shot upload.
        public static let uploadKinds: Set<Kind> = [.uploadStart, .chunk, .finalize, .query, .cancel]
    }

    /// Which requests a fault hits: a scenario names a kind of request, storage-testbench's retry tests a GCS
    /// operation (`storage.objects.insert`, …).
    public enum Target: Sendable, Hashable {
        case kind(Kind)
        case operation(String)
    }

    /// Which requests of the target it hits, counted from 1 from when the fault was armed.
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
        /// The service keeps the first `afterBytes` of a chunk's body (as a non-final chunk), then answers this
        /// status (storage-testbench's `return-N-after-YK`).
        case statusAfterRequestBytes(Int, afterBytes: Int64)
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
        /// The connection drops after this many bytes of the answer's body (nil: half of it): those bytes
        /// arrive, the rest does not.
        case dropResponse(afterBytes: Int64?)
        /// The answer's body stops for this many seconds after `afterBytes` of it. On the client's side the whole
        /// answer comes late: a request that waits longer than the client's request timeout gives up then.
        case stall(seconds: Double, afterBytes: Int64 = 0)

        /// Whether it acts on a request's body: a request that carries no upload bytes neither meets nor
        /// consumes it.
        public var needsUploadBytes: Bool {
            switch self {
            case .statusAfterRequestBytes, .dropRequest: true
            default: false
            }
        }
    }

    public var target: Target
    public var occurrence: Occurrence
    public var action: Action

    public init(target: Target, occurrence: Occurrence, action: Action) {
        self.target = target
        self.occurrence = occurrence
        self.action = action
    }

    public init(kind: Kind, occurrence: Occurrence, action: Action) {
        self.init(target: .kind(kind), occurrence: occurrence, action: action)
    }

    /// Whether it hits the `number`-th request of its target since it was armed.
    package func hits(number: Int) -> Bool {
        switch occurrence {
        case .nth(let index): number == index
        case .first(let count): number <= count
        case .every: true
        }
    }

    /// The longest stall any fault may ask for, in seconds: a fault never holds a connection longer.
    public static let longestStall: Double = 60
}

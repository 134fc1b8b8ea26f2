/// Armed faults and the requests they have seen: which fault, if any, the next request meets. Whoever carries
/// faults out keeps one (the client's decorator for a scenario, `serve` per bucket and per retry test).
///
/// A fault counts the requests of its target from when it was armed. A fault on a GCS operation is a queue
/// entry, as storage-testbench keeps them: each request of the operation takes the first entry not yet taken.
/// A fault that acts on a request's body (`needsUploadBytes`) is passed over, not taken, by an upload request
/// that sends none (a session start, a query); on any other request it acts as its status or reset. A queue entry
/// of that kind, or a stall, on an upload whose bytes' offsets are known waits for the request whose bytes reach its
/// offset in the upload.
public struct FaultSchedule: Sendable {
    private struct Armed: Sendable {
        var fault: RequestFault
        var before: Int
        var firings = 0
        /// The storage-testbench instruction it was read from, for the retry-test API's answers.
        var label: String?
    }

    private var armed: [Armed] = []
    private var seen: [RequestFault.Target: Int] = [:]
    /// The kinds of the requests seen, in the order seen; only the first `longestOrder` are kept.
    public private(set) var order: [RequestFault.Kind] = []

    /// The most request kinds `order` keeps: a scenario's step sends far fewer.
    public static let longestOrder = 10_000

    public init(_ faults: [RequestFault] = []) {
        add(faults)
    }

    /// Arms `faults` after those already here; each counts its target's requests from now on.
    public mutating func add(_ faults: [RequestFault], labels: [String]? = nil) {
        for (index, fault) in faults.enumerated() {
            armed.append(Armed(fault: fault, before: seen[fault.target] ?? 0, label: labels?[index]))
        }
    }

    /// The action the next request meets. `kind` and `operation` say what the request is (either may be unknown);
    /// `sendsNoUploadBytes` whether it is an upload request that sends none of an object's bytes; `uploadBytes` the
    /// object's bytes it sends, by their offsets in the object, where they are known.
    ///
    /// A queue entry that acts on an upload's bytes waits, as storage-testbench's do, for the request whose bytes
    /// reach its offset in the object: `return-N-after-YK` and `stall-for-Ts-after-YK` on an upload count Y KiB of
    /// the whole upload, not of one request. The action returned then counts from the request's first byte.
    public mutating func next(
        kind: RequestFault.Kind?, operation: String?, sendsNoUploadBytes: Bool, uploadBytes: Range<Int64>? = nil
    ) -> RequestFault.Action? {
        var number = 0
        if let kind {
            number = (seen[.kind(kind)] ?? 0) + 1
            seen[.kind(kind)] = number
            if order.count < Self.longestOrder { order.append(kind) }
        }
        if let operation, let index = armed.indices.first(where: { isPendingEntry($0, of: operation) }),
            let action = Self.queued(
                armed[index].fault.action, sendsNoUploadBytes: sendsNoUploadBytes, uploadBytes: uploadBytes)
        {
            armed[index].firings += 1
            return action
        }
        guard let kind,
            let index = armed.indices.first(where: {
                armed[$0].fault.target == .kind(kind) && armed[$0].fault.hits(number: number - armed[$0].before)
                    && !(sendsNoUploadBytes && armed[$0].fault.action.needsUploadBytes)
            })
        else { return nil }
        armed[index].firings += 1
        return armed[index].fault.action
    }

    /// A queue entry's action as this request meets it, or nil when the request passes it over: one that acts on
    /// an upload's bytes (or stalls an upload) waits for the request whose bytes reach its offset in the object.
    private static func queued(_ action: RequestFault.Action, sendsNoUploadBytes: Bool, uploadBytes: Range<Int64>?)
        -> RequestFault.Action?
    {
        let offset: Int64
        switch action {
        case .statusAfterRequestBytes(_, let after), .dropRequest(let after): offset = after
        case .stall(_, let after) where sendsNoUploadBytes || uploadBytes != nil: offset = after
        default: return action
        }
        if sendsNoUploadBytes { return nil }
        guard let bytes = uploadBytes else {
            // storage-testbench reads `return-N-after-YK` on uploads only: any other request passes it over.
            if case .statusAfterRequestBytes = action { return nil }
            return action
        }
        guard bytes.lowerBound >= 0, bytes.upperBound >= offset else { return nil }
        // This request's bytes before the offset: the part of it the fault lets through.
        let kept = min(max(0, offset - bytes.lowerBound), bytes.upperBound - bytes.lowerBound)
        switch action {
        case .statusAfterRequestBytes(let status, _): return .statusAfterRequestBytes(status, afterBytes: kept)
        case .dropRequest: return .dropRequest(afterBytes: kept)
        case .stall(let seconds, _): return .stall(seconds: seconds, afterBytes: 0)
        default: return action
        }
    }

    private func isPendingEntry(_ index: Int, of operation: String) -> Bool {
        armed[index].fault.target == .operation(operation) && armed[index].firings == 0
    }

    /// How many requests of `kind` were seen, faulted or not.
    public func requests(of kind: RequestFault.Kind) -> Int { seen[.kind(kind)] ?? 0 }

    /// How many times each fault acted, in the order armed.
    public var firings: [Int] { armed.map(\.firings) }

    /// How many requests of each kind the schedule has seen since it was made, kinds in their declared order
    /// (what a fault that never fired could have met).
    public var seenRequests: [(kind: RequestFault.Kind, count: Int)] {
        RequestFault.Kind.allCases.compactMap { kind in seen[.kind(kind)].map { (kind, $0) } }
    }

    /// The labels of the queue entries not yet taken, per operation in the order first armed.
    public var pendingLabels: [(operation: String, labels: [String])] {
        var result: [(operation: String, labels: [String])] = []
        for entry in armed {
            guard case .operation(let operation) = entry.fault.target else { continue }
            if !result.contains(where: { $0.operation == operation }) { result.append((operation, [])) }
            guard entry.firings == 0, let label = entry.label,
                let index = result.firstIndex(where: { $0.operation == operation })
            else { continue }
            result[index].labels.append(label)
        }
        return result
    }

    /// Whether every queue entry has been taken and every counted fault with a last occurrence is spent.
    public var isEmpty: Bool { armed.isEmpty }
}

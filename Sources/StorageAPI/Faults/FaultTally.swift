import Foundation
import Primitives

/// What a fault carrier reports after the requests: how often each armed fault acted (in the order armed) and how
/// many requests of each kind it saw. The runner reads it to confirm that every fault a scenario declared acted
/// (docs/semantics.md §11). Its JSON form, `{"firings": [N…], "seen": {"KIND": N…}, "order": ["KIND"…]}`, is what
/// `GET /internal/buckets/B/faults` answers and a driver's `firedFaults` returns (`order` is optional).
public struct FaultTally: Sendable, Equatable {
    public var firings: [Int]
    /// Request kinds (`download`, `chunk`, … or a GCS operation) and how many of each the carrier saw.
    public var seen: [Seen]
    /// The kinds of the requests the carrier saw, in the order seen (at most `FaultSchedule.longestOrder`); nil
    /// when the carrier does not say.
    public var order: [String]?

    /// One kind of request and how many of it a carrier saw.
    public struct Seen: Sendable, Equatable {
        public var kind: String
        public var count: Int

        public init(kind: String, count: Int) {
            self.kind = kind
            self.count = count
        }
    }

    public init(firings: [Int], seen: [Seen], order: [String]? = nil) {
        self.firings = firings
        self.seen = seen
        self.order = order
    }

    /// The tally of a schedule.
    public init(_ schedule: FaultSchedule) {
        self.init(
            firings: schedule.firings,
            seen: schedule.seenRequests.map { Seen(kind: $0.kind.rawValue, count: $0.count) },
            order: schedule.order.map(\.rawValue))
    }

    /// `download 2, metadata 1`, or `none`.
    public var seenDescription: String {
        seen.isEmpty ? "none" : seen.map { "\($0.kind) \($0.count)" }.joined(separator: ", ")
    }

    package var json: JSONValue {
        .object(
            [
                .init("firings", .array(firings.map { .number(String($0)) })),
                .init("seen", .object(seen.map { .init($0.kind, .number(String($0.count))) })),
            ] + (order.map { [.init("order", .array($0.map { .string($0) }))] } ?? []))
    }

    /// Reads the JSON form; nil when it is not one (counts must be whole numbers from 0 to 2^31).
    package init?(json value: JSONValue) {
        guard case .array(let items)? = value["firings"] else { return nil }
        var firings: [Int] = []
        for item in items {
            guard let count = item.integerValue, (0...Int64(Int32.max)).contains(count) else { return nil }
            firings.append(Int(count))
        }
        var seen: [Seen] = []
        if case .object(let members)? = value["seen"] {
            for member in members {
                guard let count = member.value.integerValue, (0...Int64(Int32.max)).contains(count) else { return nil }
                seen.append(Seen(kind: member.key, count: Int(count)))
            }
        }
        var order: [String]?
        if let value = value["order"] {
            guard case .array(let items) = value, items.count <= FaultSchedule.longestOrder else { return nil }
            order = []
            for item in items {
                guard let kind = item.stringValue else { return nil }
                order?.append(kind)
            }
        }
        self.init(firings: firings, seen: seen, order: order)
    }
}

import StorageSDK

/// An expected sequence of task events: items, each an event with a count, matched against the whole
/// sequence (`resume progress+ pause resume progress{1,8} success`).
public struct EventPattern: Sendable, Equatable, CustomStringConvertible {
    /// An event a pattern names: a status, for `failure(CODE)` the error code, and for `progress(A/B)` (any
    /// status but failure) the snapshot's completed and total bytes (nil, written `*`: any).
    public struct Event: Sendable, Equatable, CustomStringConvertible {
        public var status: StorageTaskStatus
        public var code: StorageErrorCode?
        public var completed: Int64?
        public var total: Int64?

        public init(
            status: StorageTaskStatus, code: StorageErrorCode? = nil, completed: Int64? = nil, total: Int64? = nil
        ) {
            self.status = status
            self.code = code
            self.completed = completed
            self.total = total
        }

        /// Whether this event, as it happened, is one the pattern's `expected` event accepts: the same status, and
        /// the code and byte counts where `expected` names them.
        public func satisfies(_ expected: Event) -> Bool {
            status == expected.status && (expected.code == nil || expected.code == code)
                && (expected.completed == nil || expected.completed == completed)
                && (expected.total == nil || expected.total == total)
        }

        public var description: String {
            if let code { return "\(status)(\(code.name))" }
            guard completed != nil || total != nil else { return status.description }
            return "\(status)(\(completed.map(String.init) ?? "*")/\(total.map(String.init) ?? "*"))"
        }
    }

    public struct Item: Sendable, Equatable, CustomStringConvertible {
        public var event: Event
        public var minimum: Int
        /// Nil: unbounded.
        public var maximum: Int?

        public init(event: Event, minimum: Int = 1, maximum: Int? = 1) {
            self.event = event
            self.minimum = minimum
            self.maximum = maximum
        }

        public var description: String {
            switch (minimum, maximum) {
            case (1, 1): "\(event)"
            case (0, 1): "\(event)?"
            case (0, nil): "\(event)*"
            case (1, nil): "\(event)+"
            case (let low, let high?) where low == high: "\(event){\(low)}"
            case (let low, let high?): "\(event){\(low),\(high)}"
            case (let low, nil): "\(event){\(low),}"
            }
        }
    }

    public var items: [Item]

    public init(items: [Item]) {
        self.items = items
    }

    public var description: String { items.isEmpty ? "\"\"" : items.map(\.description).joined(separator: " ") }

    /// Whether the whole of `events` matches (status and, where the pattern names one, error code).
    public func matches(_ events: [Event]) -> Bool {
        // reachable[i] = the pattern's first `item` items can consume exactly the first i events.
        var reachable = [Bool](repeating: false, count: events.count + 1)
        reachable[0] = true
        for item in items {
            var next = [Bool](repeating: false, count: events.count + 1)
            for start in 0...events.count where reachable[start] {
                var count = 0
                var position = start
                while true {
                    if count >= item.minimum { next[position] = true }
                    if let maximum = item.maximum, count >= maximum { break }
                    guard position < events.count, events[position].satisfies(item.event) else { break }
                    position += 1
                    count += 1
                }
            }
            reachable = next
        }
        return reachable[events.count]
    }
}

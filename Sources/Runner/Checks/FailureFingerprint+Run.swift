import Reports
import ScenarioLanguage
import StorageSDK

extension FailureFingerprint {
    /// The error a step or task ended with, and the HTTP status behind it.
    init(error: StorageError?, fields: [String] = [], event: EventDifference? = nil) {
        self.init(event: event, fields: fields, error: error?.code.name, status: error?.serverStatus)
    }

    /// A field comparison that failed: `metadata.contentType` is the field `contentType`.
    init(field: String) {
        let name = field.hasPrefix("metadata.") ? String(field.dropFirst("metadata.".count)) : field
        self.init(fields: [name.hasPrefix("error ") ? String(name.dropFirst("error ".count)) : name])
    }
}

extension FailureFingerprint.EventDifference {
    /// The first event of `events` that `pattern` cannot accept as the start of a match, or, when every event was
    /// accepted but the pattern wanted more, the position after the last; nil when `events` match.
    init?(_ pattern: EventPattern, _ events: [EventPattern.Event]) {
        let items = pattern.items
        var states = Self.closure([State(item: 0, count: 0)], items)
        for (offset, event) in events.enumerated() {
            var next: [State] = []
            for state in states where state.item < items.count {
                let item = items[state.item]
                if let maximum = item.maximum, state.count >= maximum { continue }
                if event.satisfies(item.event) { next.append(State(item: state.item, count: state.count + 1)) }
            }
            guard !next.isEmpty else {
                self.init(index: offset + 1, actual: Self.normalised(event), expected: Self.wanted(states, items))
                return
            }
            states = Self.closure(next, items)
        }
        guard !states.contains(State(item: items.count, count: 0)) else { return nil }
        self.init(index: events.count + 1, actual: "(end)", expected: Self.wanted(states, items))
    }

    /// A position in the pattern: the item being matched and how many events it has taken.
    private struct State: Hashable {
        var item: Int
        var count: Int
    }

    /// The states reachable from `states` by moving past items that have taken enough events.
    private static func closure(_ states: [State], _ items: [EventPattern.Item]) -> [State] {
        var seen = Set(states)
        var work = states
        while let state = work.popLast() {
            guard state.item < items.count, state.count >= items[state.item].minimum else { continue }
            let next = State(item: state.item + 1, count: 0)
            if seen.insert(next).inserted { work.append(next) }
        }
        return Array(seen)
    }

    /// Status and code only: byte counts of progress events depend on chunk sizes, not on the target's behaviour.
    private static func normalised(_ event: EventPattern.Event) -> String {
        EventPattern.Event(status: event.status, code: event.code).description
    }

    private static func wanted(_ states: [State], _ items: [EventPattern.Item]) -> String {
        var names = Set<String>()
        for state in states {
            if state.item == items.count {
                names.insert("(end)")
            } else if items[state.item].maximum.map({ state.count < $0 }) ?? true {
                names.insert(items[state.item].event.description)
            }
        }
        return names.sorted().joined(separator: "|")
    }
}

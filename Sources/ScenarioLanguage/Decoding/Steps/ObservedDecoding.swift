import StorageAPI
import YAMLReader

/// Reads `requests:` and `took:` of an expectation: what the target saw of a step, and how long the step
/// lasted on the client's clock.
struct ObservedDecoding {
    let context: DecodingContext

    /// The most requests of one kind a step may expect: more is a typo.
    static let mostRequests: Int64 = 10_000

    /// `requests: { download: 3, metadata: 1 }`, kinds as `request:` of a fault names them.
    func requests(_ node: YAMLNode) -> [RequestCount]? {
        let kinds = RequestFault.Kind.allCases.map(\.rawValue)
        guard let fields = MappingFields(node, key: "requests", owner: "requests", allowed: kinds, context: context)
        else { return nil }
        guard !fields.pairs.isEmpty else {
            if node.mappingPairs?.isEmpty == false { return nil }
            context.error("requests needs at least one request kind: \(kinds.joined(separator: ", "))", at: node)
            return nil
        }
        var result: [RequestCount] = []
        for pair in fields.pairs {
            guard let name = pair.key.stringValue, let kind = RequestFault.Kind(rawValue: name),
                let count = context.integer(pair.value, name)
            else { continue }
            guard count >= 0, count <= Self.mostRequests else {
                context.error(
                    "\(name): expected a count from 0 to \(Self.mostRequests), found \(count)", at: pair.value)
                continue
            }
            result.append(RequestCount(kind: kind, count: Int(count)))
        }
        return result.count == fields.pairs.count ? result : nil
    }

    /// `sequence: [uploadStart, chunk, query, chunk]`: every request of the step, in order, by kind.
    func sequence(_ node: YAMLNode) -> [RequestFault.Kind]? {
        guard let items = node.sequenceItems else {
            context.error("sequence: expected a list of request kinds, found \(node.summary)", at: node)
            return nil
        }
        guard !items.isEmpty, items.count <= Self.mostRequests else {
            context.error("sequence: expected 1 to \(Self.mostRequests) request kinds, found \(items.count)", at: node)
            return nil
        }
        var kinds: [RequestFault.Kind] = []
        for item in items {
            guard let name = item.stringValue, let kind = RequestFault.Kind(rawValue: name) else {
                let names = RequestFault.Kind.allCases.map(\.rawValue).joined(separator: ", ")
                context.error("sequence: expected a request kind (\(names)), found \(item.summary)", at: item)
                return nil
            }
            kinds.append(kind)
        }
        return kinds
    }

    /// `took: { atLeast: SECONDS, atMost: SECONDS }`, one bound at least, the lower not above the upper.
    func took(_ node: YAMLNode) -> ClockSpan? {
        guard let fields = MappingFields(node, key: "took", owner: "took", allowed: LanguageKeys.took, context: context)
        else { return nil }
        guard !fields.pairs.isEmpty else {
            if node.mappingPairs?.isEmpty == false { return nil }
            context.error("took needs atLeast, atMost or both", at: node)
            return nil
        }
        let low = fields["atLeast"].map { FaultDecoding.seconds($0, "atLeast", context: context) }
        let high = fields["atMost"].map { FaultDecoding.seconds($0, "atMost", context: context) }
        if low == .some(nil) || high == .some(nil) { return nil }
        let span = ClockSpan(atLeast: low.flatMap { $0 }, atMost: high.flatMap { $0 })
        if let atLeast = span.atLeast, let atMost = span.atMost, atLeast > atMost {
            context.error("took: atLeast (\(atLeast)) is above atMost (\(atMost))", at: node)
            return nil
        }
        return span
    }
}

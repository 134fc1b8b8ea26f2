import StorageWire

/// `serve`'s routes, built once from what each route group registers (docs/architecture.md §3): a path goes to
/// the group owning a prefix it matches, else to the first group whose first-segment pattern accepts it, else to
/// the fallback. The first segments the prefixes own are reserved: no pattern takes them, even escaped.
struct RouteTable<Group: Sendable>: Sendable {
    private typealias Pattern = @Sendable (_ segment: Substring, _ reserved: Set<String>) -> Bool

    /// The prefixes, by their first segment.
    private let prefixes: [Substring: [(prefix: RoutePrefix, group: Group)]]
    private let patterns: [(accepts: Pattern, group: Group)]
    private let fallback: Group
    /// The first segments some prefix owns (`internal`, `storage`, `v0`…).
    private let reserved: Set<String>

    /// - Parameter claims: the groups in order (the first pattern that accepts a path takes it); `fallback` takes
    ///   every path no claim matches.
    init(_ claims: [(claim: PathClaim, group: Group)], fallback: Group) {
        var prefixes: [Substring: [(prefix: RoutePrefix, group: Group)]] = [:]
        var patterns: [(accepts: Pattern, group: Group)] = []
        for (claim, group) in claims {
            switch claim {
            case .prefixes(let list):
                for prefix in list { prefixes[prefix.firstSegment, default: []].append((prefix, group)) }
            case .firstSegment(let accepts):
                patterns.append((accepts, group))
            }
        }
        self.prefixes = prefixes
        self.patterns = patterns
        self.fallback = fallback
        reserved = Set(prefixes.keys.map(String.init))
    }

    /// The group that answers `path`.
    func group(for path: String) -> Group {
        let segment = RoutePrefix.firstSegment(of: path) ?? ""
        if let owned = prefixes[segment], let entry = owned.first(where: { $0.prefix.matches(path) }) {
            return entry.group
        }
        if let entry = patterns.first(where: { $0.accepts(segment, reserved) }) {
            return entry.group
        }
        return fallback
    }
}

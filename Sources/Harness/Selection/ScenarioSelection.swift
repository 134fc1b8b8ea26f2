import ScenarioLanguage

/// Which scenarios a run takes: any of the tags (none given: all), any of the filters (the id contains the
/// text, or contains a match of it as a glob with `*` and `?`), one shard of a stable split, and a set of ids.
public struct ScenarioSelection: Sendable, Equatable {
    public var tags: [String]
    public var filters: [String]
    public var shard: Shard?
    /// Only these ids (`--rerun-failed`); nil: any.
    public var ids: Set<String>?

    public init(tags: [String] = [], filters: [String] = [], shard: Shard? = nil, ids: Set<String>? = nil) {
        self.tags = tags
        self.filters = filters
        self.shard = shard
        self.ids = ids
    }

    public func includes(_ scenario: Scenario) -> Bool {
        if let ids, !ids.contains(scenario.id) { return false }
        if !tags.isEmpty && !scenario.tags.contains(where: tags.contains) { return false }
        if !filters.isEmpty && !filters.contains(where: { Self.matches(filter: $0, id: scenario.id) }) { return false }
        if let shard, !shard.contains(scenario.id) { return false }
        return true
    }

    /// Whether `id` contains `filter`, or a match of it as a glob (as if it began and ended with `*`).
    static func matches(filter: String, id: String) -> Bool {
        guard filter.contains("*") || filter.contains("?") else { return id.contains(filter) }
        return Glob.matches(Array(("*" + filter + "*").unicodeScalars)[...], Array(id.unicodeScalars)[...])
    }
}

/// Shard K of N (1-based): a scenario belongs to the shard its id hashes to, so the split of the ids stays
/// the same whatever else is added, and the N shards together run every scenario exactly once.
public struct Shard: Sendable, Equatable, CustomStringConvertible {
    public let index: Int
    public let count: Int

    public init?(index: Int, count: Int) {
        guard count >= 1, (1...count).contains(index) else { return nil }
        self.index = index
        self.count = count
    }

    /// `K/N`.
    public init?(parsing text: String) {
        let parts = text.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2, let index = Int(parts[0]), let count = Int(parts[1]) else { return nil }
        self.init(index: index, count: count)
    }

    public func contains(_ id: String) -> Bool {
        Int(StableHash.fnv1a(id) % UInt64(count)) == index - 1
    }

    public var description: String { "\(index)/\(count)" }
}

/// FNV-1a over UTF-8: the same on every machine and every run.
enum StableHash {
    static func fnv1a(_ text: String) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in text.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        return hash
    }
}

/// `*` (any run of characters) and `?` (one character) against a whole string.
enum Glob {
    static func matches(_ pattern: ArraySlice<Unicode.Scalar>, _ text: ArraySlice<Unicode.Scalar>) -> Bool {
        var p = pattern.startIndex
        var t = text.startIndex
        var star: Int?
        var starText = text.startIndex
        while t < text.endIndex {
            if p < pattern.endIndex && (pattern[p] == "?" || pattern[p] == text[t]) {
                p += 1
                t += 1
            } else if p < pattern.endIndex && pattern[p] == "*" {
                star = p
                starText = t
                p += 1
            } else if let star {
                p = star + 1
                starText += 1
                t = starText
            } else {
                return false
            }
        }
        while p < pattern.endIndex && pattern[p] == "*" { p += 1 }
        return p == pattern.endIndex
    }
}

import Reports
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

extension RunSelection {
    public init(_ selection: ScenarioSelection) {
        self.init(tags: selection.tags, filters: selection.filters, shard: selection.shard, rerun: selection.ids != nil)
    }
}

import Primitives
import ScenarioLanguage

/// Why a selection came out empty, in words that help fix the command: the tags that exist when no
/// scenario has a `--tag`, the ids closest to a `--filter` that matches nothing, or the shard that is empty.
package enum EmptySelection {
    package static func explain(_ selection: ScenarioSelection, scenarios: [Scenario]) -> String {
        if scenarios.isEmpty { return "no scenario was selected: the files hold no scenarios" }
        var reasons: [String] = []
        let knownTags = Set(scenarios.flatMap(\.tags)).sorted()
        let unknownTags = selection.tags.filter { !knownTags.contains($0) }
        if !selection.tags.isEmpty, unknownTags.count == selection.tags.count {
            let hints = unknownTags.compactMap { Suggestion.closest(to: $0, in: knownTags) }
            reasons.append(
                "no scenario has the tag \(selection.tags.joined(separator: " or "))"
                    + (hints.isEmpty ? "" : " (did you mean \(hints.joined(separator: " or "))?)")
                    + "\n  known tags: " + (knownTags.isEmpty ? "none" : knownTags.joined(separator: ", ")))
        }
        let ids = scenarios.map(\.id)
        if !selection.filters.isEmpty,
            !ids.contains(where: { id in selection.filters.contains { ScenarioSelection.matches(filter: $0, id: id) } })
        {
            let closest = selection.filters.flatMap { closestIDs(to: $0, in: ids) }
            reasons.append(
                "no scenario id matches --filter \(selection.filters.joined(separator: " or "))"
                    + (closest.isEmpty
                        ? "" : "\n  closest ids:\n" + closest.map { "    \($0)" }.joined(separator: "\n")))
        }
        if reasons.isEmpty, let shard = selection.shard {
            reasons.append("shard \(shard) holds none of the scenarios the other options select")
        }
        if reasons.isEmpty { reasons.append("no scenario has both the tags and the ids asked for") }
        return "no scenario was selected: " + reasons.joined(separator: "\n")
    }

    /// Up to five ids holding a stretch of text within a few edits of `filter` (its `*` and `?` ignored).
    package static func closestIDs(to filter: String, in ids: [String]) -> [String] {
        let wanted = Array(filter.lowercased().unicodeScalars.filter { $0 != "*" && $0 != "?" })
        guard !wanted.isEmpty else { return [] }
        let limit = max(1, wanted.count / 3)
        let scored = ids.compactMap { id -> (String, Int)? in
            let text = Array(id.lowercased().unicodeScalars)
            var best = Int.max
            for width in [wanted.count - 1, wanted.count, wanted.count + 1] where width > 0 && width <= text.count {
                for start in 0...(text.count - width) {
                    best = min(best, Suggestion.editDistance(wanted, Array(text[start..<(start + width)])))
                }
            }
            return best <= limit ? (id, best) : nil
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(5).map(\.0)
    }
}

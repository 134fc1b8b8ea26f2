/// "Did you mean …?" for a misspelt name: scenario keys, verbs and values, command options, rules fields.
package enum Suggestion {
    /// The candidate `word` was most likely meant as: same letters in another case, a prefix of a
    /// candidate (`chunk` → `chunkSize`), a part of one (`notFound` → `objectNotFound`), or a small edit
    /// distance. Nil when nothing is close.
    package static func closest(to word: String, in candidates: [String]) -> String? {
        guard !word.isEmpty else { return nil }
        let lowered = word.lowercased()
        if let match = candidates.first(where: { $0.lowercased() == lowered }) { return match }
        if lowered.count >= 3, let match = candidates.first(where: { $0.lowercased().hasPrefix(lowered) }) {
            return match
        }
        if lowered.count >= 5, let match = candidates.first(where: { $0.lowercased().contains(lowered) }) {
            return match
        }
        let limit = lowered.count <= 4 ? 1 : 2
        var best: (candidate: String, distance: Int)?
        for candidate in candidates {
            let distance = editDistance(Array(lowered.unicodeScalars), Array(candidate.lowercased().unicodeScalars))
            if distance <= limit, distance < (best?.distance ?? .max) { best = (candidate, distance) }
        }
        return best?.candidate
    }

    /// ` (did you mean X?)` or ` (expected one of: A, B, …)`.
    package static func hint(for word: String, in candidates: [String]) -> String {
        if let match = closest(to: word, in: candidates) { return " (did you mean \(match)?)" }
        return " (expected one of: \(candidates.joined(separator: ", ")))"
    }

    /// Levenshtein distance, counting an adjacent swap as one edit.
    package static func editDistance(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Int {
        if a.isEmpty { return b.count }
        if b.isEmpty { return a.count }
        var previousPrevious = [Int](repeating: 0, count: b.count + 1)
        var previous = Array(0...b.count)
        var current = [Int](repeating: 0, count: b.count + 1)
        for i in 1...a.count {
            current[0] = i
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                var value = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] {
                    value = min(value, previousPrevious[j - 2] + 1)
                }
                current[j] = value
            }
            (previousPrevious, previous, current) = (previous, current, previousPrevious)
        }
        return previous[b.count]
    }
}

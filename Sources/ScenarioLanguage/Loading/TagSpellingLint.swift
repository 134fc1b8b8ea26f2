import Primitives
import YAMLReader

/// Warns about a tag one edit away from another tag of the loaded suite (`snapshot` and `snapshots`,
/// `getData` and `get-data`: case, `-` and `_` aside), so `--tag` finds every scenario it means to. The less
/// used spelling is the new one: the warning stands at the first scenario that uses it, unless that scenario
/// declares it intended (`lint: { near-duplicate-tag: why }`).
enum TagSpellingLint {
    static func check(_ files: [ScenarioFile], sources: [String: SourceFile]) -> (
        warnings: [Diagnostic], intended: [Diagnostic]
    ) {
        var uses: [String: Int] = [:]
        var first: [String: (file: ScenarioFile, scenario: Scenario)] = [:]
        for file in files {
            for scenario in file.scenarios {
                for tag in Set(scenario.tags) {
                    uses[tag, default: 0] += 1
                    if first[tag] == nil { first[tag] = (file, scenario) }
                }
            }
        }
        var warnings: [Diagnostic] = []
        var intended: [Diagnostic] = []
        let tags = uses.keys.sorted()
        // Each tag normalised once: the pairs are compared many times over.
        let spellings = Dictionary(uniqueKeysWithValues: tags.map { ($0, normalized($0)) })
        for tag in tags {
            let count = uses[tag] ?? 0
            let spelling = spellings[tag] ?? []
            let rivals = tags.filter { other in
                other != tag && isOneEditAway(spelling, spellings[other] ?? [])
                    && ((uses[other] ?? 0) > count || ((uses[other] ?? 0) == count && other < tag))
            }
            guard let rival = rivals.max(by: { (uses[$0] ?? 0, $1) < (uses[$1] ?? 0, $0) }),
                let (file, scenario) = first[tag], let source = sources[file.path]
            else { continue }
            let message = LintWarning.nearDuplicateTag.tagged(
                "tag \(tag) is one edit away from \(rival), which \(uses[rival] ?? 0) other "
                    + "\(uses[rival] == 1 ? "scenario uses" : "scenarios use"): use one spelling, so --tag finds them all"
            )
            let diagnostic = source.diagnostic(at: scenario.location, message, severity: .warning)
            if scenario.intendedWarnings.contains(LintWarning.nearDuplicateTag.rawValue) {
                intended.append(diagnostic)
            } else {
                warnings.append(diagnostic)
            }
        }
        return (warnings, intended)
    }

    /// Case, `-` and `_` aside, the same word or one insertion, deletion or change apart; a change of one digit
    /// for another is a different version (`rules-v1`, `rules-v2`), not a spelling.
    private static func isOneEditAway(_ a: [Unicode.Scalar], _ b: [Unicode.Scalar]) -> Bool {
        guard abs(a.count - b.count) <= 1, min(a.count, b.count) >= 3 else { return false }
        if a.count == b.count, let changed = a.indices.first(where: { a[$0] != b[$0] }),
            a[changed].properties.numericType != nil, b[changed].properties.numericType != nil,
            a[(changed + 1)...] == b[(changed + 1)...]
        {
            return false
        }
        return Suggestion.editDistance(a, b) <= 1
    }

    private static func normalized(_ tag: String) -> [Unicode.Scalar] {
        tag.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" }
    }
}

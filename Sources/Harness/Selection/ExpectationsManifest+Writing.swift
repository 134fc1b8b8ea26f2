import Primitives

extension ExpectationsManifest {
    /// The manifest a run calls for: every scenario that failed or errored, with its one-line message as the
    /// reason, and every expected failure of `previous` that still fails, with its reason kept. Unexpected
    /// passes and ids no scenario has are left out: the new manifest makes the same run pass.
    public static func recording(_ report: RunReport, path: String, previous: ExpectationsManifest?)
        -> ExpectationsManifest
    {
        let kept = previous?.failures ?? [:]
        var entries: [Entry] = []
        for scenario in report.scenarios {
            switch scenario.outcome {
            case .failed(let failure), .errored(let failure):
                guard failure.type != .unexpectedPass, failure.type != .unknownScenario else { continue }
                entries.append(Entry(id: scenario.id, reason: failure.message, line: 0))
            case .skipped where kept[scenario.id] != nil:
                entries.append(Entry(id: scenario.id, reason: kept[scenario.id] ?? "", line: 0))
            case .passed, .skipped:
                continue
            }
        }
        return ExpectationsManifest(path: path, target: previous?.target ?? report.target, entries: entries)
    }

    /// The manifest as YAML that `load(path:)` reads back; every string double-quoted (as JSON strings,
    /// which YAML 1.2 reads the same).
    public var yamlText: String {
        var text = "# Scenarios this implementation is known to fail, and why (storage-conformance --expectations).\n"
        if let target { text += "target: \(JSONString.quoted(target))\n" }
        guard !entries.isEmpty else { return text + "failures: {}\n" }
        text += "failures:\n"
        for entry in entries { text += "  \(JSONString.quoted(entry.id)): \(JSONString.quoted(entry.reason))\n" }
        return text
    }
}

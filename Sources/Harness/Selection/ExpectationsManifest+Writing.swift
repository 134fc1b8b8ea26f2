extension ExpectationsManifest {
    /// The manifest a run calls for: every scenario that failed or errored, with its one-line message as the
    /// reason, and every expected failure of `previous` that still fails, with its reason kept. Unexpected
    /// passes and ids no scenario has are left out: the new manifest makes the same run pass.
    public static func recording(_ report: RunReport, path: String, previous: ExpectationsManifest?) -> ExpectationsManifest {
        let kept = previous?.failures ?? [:]
        var entries: [Entry] = []
        for scenario in report.scenarios {
            switch scenario.outcome {
            case .failed(let failure), .errored(let failure):
                guard failure.type != ScenarioRunner.unexpectedPass, failure.type != ScenarioRunner.unknownScenario else { continue }
                entries.append(Entry(id: scenario.id, reason: failure.message, line: 0))
            case .skipped where kept[scenario.id] != nil:
                entries.append(Entry(id: scenario.id, reason: kept[scenario.id] ?? "", line: 0))
            case .passed, .skipped:
                continue
            }
        }
        return ExpectationsManifest(path: path, target: previous?.target ?? report.target, entries: entries)
    }

    /// The manifest as YAML that `load(path:)` reads back; every string double-quoted.
    public var yamlText: String {
        var text = "# Scenarios this implementation is known to fail, and why (storage-conformance --expectations).\n"
        if let target { text += "target: \(Self.quoted(target))\n" }
        guard !entries.isEmpty else { return text + "failures: {}\n" }
        text += "failures:\n"
        for entry in entries { text += "  \(Self.quoted(entry.id)): \(Self.quoted(entry.reason))\n" }
        return text
    }

    private static func quoted(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F || (0x80...0x9F).contains(scalar.value) || scalar.value == 0xFEFF
                    || scalar.value == 0x2028 || scalar.value == 0x2029 || scalar.value == 0xFFFE || scalar.value == 0xFFFF
                {
                    let hex = String(scalar.value, radix: 16, uppercase: true)
                    result += "\\u" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}

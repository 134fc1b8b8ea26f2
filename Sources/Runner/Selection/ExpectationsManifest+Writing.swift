import Primitives
import Reports

extension ExpectationsManifest {
    /// The manifest a run calls for: every scenario that failed or errored, pinned to how it failed, with its
    /// one-line message as the reason; every expected failure, pinned to how it failed this time, with the
    /// reason it had; every changed failure, pinned anew with the reason it had (to review: the old reason may
    /// no longer say what happens). Unexpected passes and ids no scenario has are left out: the new manifest
    /// makes the same run pass. Entries of `previous` for scenarios this run did not have (another shard,
    /// `--filter`, `--tag`) and its known crashers are kept as they were.
    public static func recording(_ report: RunReport, path: String, previous: ExpectationsManifest?)
        -> ExpectationsManifest
    {
        var entries: [Entry] = []
        for scenario in report.scenarios {
            switch scenario.outcome {
            case .failed(let failure), .errored(let failure):
                switch failure.type {
                case .unexpectedPass, .unknownScenario: continue
                case .changedFailure:
                    entries.append(
                        Entry(
                            id: scenario.id, reason: failure.listed?.reason ?? failure.message, pin: failure.pin,
                            line: 0))
                default:
                    entries.append(Entry(id: scenario.id, reason: failure.message, pin: failure.pin, line: 0))
                }
            case .expectedFailure(let actual, let listed):
                entries.append(Entry(id: scenario.id, reason: listed.reason, pin: actual.pin ?? listed.pin, line: 0))
            case .passed, .skipped:
                continue
            }
        }
        let ran = Set(report.scenarios.map(\.id))
        entries += (previous?.entries ?? []).filter { !ran.contains($0.id) || $0.crashes }
        return ExpectationsManifest(
            path: path, target: previous?.target ?? report.target, entries: entries, header: previous?.header ?? [])
    }

    /// The entries whose failure changed since `previous`: their reasons are the old ones and need a look.
    public static func changed(in report: RunReport) -> [String] {
        report.scenarios.compactMap { scenario in
            if case .failed(let failure) = scenario.outcome, failure.type == .changedFailure {
                scenario.id
            } else {
                nil
            }
        }
    }

    /// The manifest as YAML that `load(path:)` reads back; every string double-quoted (as JSON strings,
    /// which YAML 1.2 reads the same).
    public var yamlText: String {
        var text =
            header.isEmpty
            ? "# Scenarios this implementation is known to fail: the failure each ends in, and why\n"
                + "# (storage-conformance --expectations; written by --write-expectations, reasons reviewed by hand).\n"
            : header.map { $0 + "\n" }.joined()
        if let target { text += "target: \(JSONString.quoted(target))\n" }
        guard !entries.isEmpty else { return text + "failures: {}\n" }
        text += "failures:\n"
        for entry in entries {
            text += "  \(JSONString.quoted(entry.id)):\n"
            if let pin = entry.pin { text += "    fails: \(JSONString.quoted(pin.description))\n" }
            if entry.crashes { text += "    crashes: true\n" }
            text += "    reason: \(JSONString.quoted(entry.reason))\n"
        }
        return text
    }
}

import Drivers
import ScenarioLanguage
import StorageAPI

/// Confirms, when a scenario's steps all passed, that every fault it declared acted: a fault that never met a
/// request tested nothing, so the pass would be assumed rather than observed (docs/semantics.md §11). Whoever
/// carried the faults out reports the counts: the in-process decorator, the target's fault plan
/// (`GET /internal/buckets/B/faults`), or a driver's `firedFaults`. One that cannot say skips the scenario.
struct FaultAccounting {
    /// Every fault the scenario declares, in the order it arms them: `given.faults`, then each `fault:` step.
    let declared: [RequestFault]

    init(_ scenario: Scenario) {
        declared =
            scenario.given.faults
            + scenario.steps.flatMap { step -> [RequestFault] in
                if case .fault(let faults) = step.action { faults } else { [] }
            }
    }

    /// Throws unless every declared fault acted at least once: an error naming the faults that did not and the
    /// requests the carrier saw, or a skip when `client` cannot report.
    func confirm(_ client: any ScenarioClient) throws(StepFailure) {
        guard !declared.isEmpty else { return }
        guard let tally = try client.firedFaults() else {
            throw StepFailure.error(
                .unsupported, "the client cannot report which faults fired, so a fault scenario cannot be confirmed")
        }
        try Self.check(declared, tally)
    }

    /// The check itself: `tally.firings` line up with `declared`.
    static func check(_ declared: [RequestFault], _ tally: FaultTally) throws(StepFailure) {
        guard tally.firings.count == declared.count else {
            throw .error(
                .faultNeverFired,
                "fault never fired: the carrier reports \(tally.firings.count) fault(s) armed, the scenario declares "
                    + "\(declared.count) (requests seen: \(tally.seenDescription))")
        }
        let idle = declared.indices.filter { tally.firings[$0] == 0 }
        guard !idle.isEmpty else { return }
        let plans = idle.map { "#\($0 + 1) \(RequestFaultJSON.encode(declared[$0]).text)" }
        throw .error(
            .faultNeverFired,
            "fault never fired: \(plans.joined(separator: "; ")) (requests seen: \(tally.seenDescription))")
    }
}

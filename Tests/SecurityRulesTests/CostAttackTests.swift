import Foundation
import SecurityRules
import Testing

/// Issue 36 items 7, 8 and 16 as they were reported: each decision ends within its budgets, in bounded time.
@Suite struct CostAttackTests {
    private func decide(_ condition: String, name: String) throws -> (RulesDecision, Double) {
        let program = try Rules.v2("match /{x} { allow get: if \(condition); }")
        let start = ContinuousClock.now
        let decision = program.decide(Rules.request(.get, "x", uid: "u", token: ["name": .string(name)]))
        let elapsed = ContinuousClock.now - start
        return (decision, Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18)
    }

    /// `replace()` on a 1 MB string was quadratic (46.6 s of CPU); it is linear now: a tenth of a second or so.
    @Test func replaceIsLinearInItsInput() throws {
        let (small, smallTime) = try decide(
            "request.auth.token.name.replace('-', '').size() > 0", name: String(repeating: "a-", count: 50_000))
        let (large, largeTime) = try decide(
            "request.auth.token.name.replace('-', '').size() > 0", name: String(repeating: "a-", count: 500_000))
        #expect(small.allowed)
        _ = large  // allowed or stopped by a budget: what matters is that it ends, in linear time
        // Ten times the input: a quadratic replace would take a hundred times as long.
        #expect(largeTime < max(0.05, smallTime) * 40, "\(smallTime) s, then \(largeTime) s")
    }

    /// Empty alternatives repeated a thousand times cost the regex engine work at every input position without a
    /// consuming step; that work is counted, and the budget stops the decision.
    @Test func regexEpsilonWorkIsCounted() throws {
        let (decision, _) = try decide(
            "request.auth.token.name.matches('(?:(?:|){1000}a)*')", name: String(repeating: "a", count: 100_000))
        #expect(!decision.allowed)
        // A release build reaches the work budget first; a debug build runs the VM ~10× slower and meets the
        // 5 s clock first. Either way the decision is stopped by a budget, not left to run for minutes.
        #expect(decision.explanation.contains("rules evaluation exceeded its"), "\(decision.explanation)")
    }

    /// 300 distinct 1 MB strings in one list literal would hold 300 MB for one decision; the budgets stop it
    /// (the work budget, 20 MB of copies, before the 32 MiB memory budget).
    @Test func aDecisionCannotBuildHundredsOfMegabytes() throws {
        let items = (0..<300).map { "request.auth.token.name + '\($0)'" }.joined(separator: ", ")
        let (decision, _) = try decide("[\(items)].size() > 0", name: String(repeating: "x", count: 1_000_000))
        #expect(!decision.allowed)
        // Copying a megabyte per item is charged as work too: whichever budget is reached first stops it.
        #expect(decision.explanation.contains("rules evaluation exceeded its"), "\(decision.explanation)")
    }
}

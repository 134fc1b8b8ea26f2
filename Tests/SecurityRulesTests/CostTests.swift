import Foundation
import SecurityRules
import Testing

/// The cost model (issue 36 items 6–8 and 16): each attack is refused by a budget of the whole decision, with a
/// reason that names the budget.
@Suite struct CostTests {
    /// `function name(s0)` that doubles its argument ten times with `let`s: `[s, s]` for lists, `s + s` for strings.
    static func doubler(_ name: String, list: Bool) -> String {
        let lets = (0..<9).map { "let s\($0 + 1) = \(list ? "[s\($0), s\($0)]" : "s\($0) + s\($0)");" }
        return "function \(name)(s0) { \(lets.joined(separator: " ")) return \(list ? "[s9, s9]" : "s9 + s9"); }"
    }

    @Test func sharedListsAreChargedTheirSizeWhenCompared() throws {
        let program = try Rules.v2(
            Self.doubler("d", list: true)
                + "\nmatch /{x} { allow get: if d(d(d('a'))) == d(d(d('a'))); allow get: if true; }")
        // Stopped by the work budget, not the wall clock (that reason would name the time budget).
        let decision = program.decide(Rules.request(.get, "x"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("rules evaluation exceeded its work budget"))
    }

    @Test func sharedListsAreChargedTheirSizeWhenHashed() throws {
        let program = try Rules.v2(
            Self.doubler("d", list: true) + "\nmatch /{x} { allow get: if d(d(d('a'))).toSet().size() > 0; }")
        let decision = program.decide(Rules.request(.get, "x"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("rules evaluation exceeded its work budget"))
    }

    @Test func stringFunctionsAreChargedByLength() throws {
        let program = try Rules.v2(
            "match /{x} { allow get: if request.auth.token.name.replace('-', '').size() > 0; }")
        let name = String(repeating: "a-", count: 30_000)
        let decision = program.decide(Rules.request(.get, "x", uid: "u", token: ["name": .string(name)]))
        #expect(decision.allowed)
    }
}

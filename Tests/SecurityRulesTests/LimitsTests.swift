import Foundation
import SecurityRules
import Testing

/// The bounds of docs/security-rules.md: each ends in a clear error or a denial.
@Suite struct LimitsTests {
    @Test func sourceSize() throws {
        let padding = String(repeating: "// padding\n", count: RulesLimits.sourceBytes / 11 + 1)
        let error = Rules.syntaxError(padding + "service firebase.storage { }")
        #expect(error?.message.contains("the limit is \(RulesLimits.sourceBytes)") == true)
    }

    @Test func expressionNesting() throws {
        let depth = RulesLimits.expressionDepth + 5
        for condition in [
            String(repeating: "(", count: depth) + "true" + String(repeating: ")", count: depth),
            String(repeating: "!", count: depth) + "true",
            (0..<depth).map(String.init).joined(separator: " + ") + " > 0",
            "[" + String(repeating: "[", count: depth) + String(repeating: "]", count: depth) + "] != null",
            "request" + String(repeating: ".auth", count: depth) + " == null",
        ] {
            let error = Rules.syntaxError(
                "service firebase.storage { match /b/{bucket}/o { allow read: if \(condition); } }")
            #expect(error?.message.contains("nests deeper than \(RulesLimits.expressionDepth)") == true)
        }
        // Long chains of && and || are flat, not deep.
        let chain = (0..<1500).map { _ in "true" }.joined(separator: " && ")
        #expect(try Rules.evaluates(chain).allowed == false)  // 1,500 operands pass the expression budget
        let short = (0..<50).map { _ in "true" }.joined(separator: " && ")
        #expect(try Rules.evaluates(short).allowed)
    }

    @Test func matchNesting() throws {
        let depth = RulesLimits.matchDepth + 1
        let text =
            "service firebase.storage {" + String(repeating: " match /a {", count: depth)
            + String(repeating: " }", count: depth) + " }"
        #expect(Rules.syntaxError(text)?.message.contains("nest deeper than \(RulesLimits.matchDepth)") == true)
    }

    @Test func callDepth() throws {
        func chain(_ length: Int) -> String {
            (0..<length).map { "function f\($0)() { return f\($0 + 1)(); }" }.joined(separator: "\n")
                + "\nfunction f\(length)() { return true; }"
        }
        let allowed = try Rules.v2(chain(RulesLimits.callDepth - 1) + "\nmatch /{x} { allow get: if f0(); }")
        #expect(allowed.decide(Rules.request(.get, "x")).allowed)
        let tooDeep = try Rules.v2(chain(RulesLimits.callDepth) + "\nmatch /{x} { allow get: if f0() || true; }")
        let decision = tooDeep.decide(Rules.request(.get, "x"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("function calls nest deeper than \(RulesLimits.callDepth)"))
    }

    @Test func expressionsPerRequest() throws {
        // Each call evaluates its argument twice: 2^10 leaves pass the budget.
        let functions =
            (0..<10).map { "function d\($0)(x) { return d\($0 + 1)(x) && d\($0 + 1)(x); }" }
            .joined(separator: "\n") + "\nfunction d10(x) { return x; }"
        let program = try Rules.v2(functions + "\nmatch /{x} { allow get: if d0(true); allow get: if true; }")
        let decision = program.decide(Rules.request(.get, "x"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("more than \(RulesLimits.expressionsPerRequest) expressions"))
    }

    @Test func valuesCannotGrowWithoutBound() throws {
        let doublings = (0..<10).map { "let s\($0 + 1) = s\($0) + s\($0);" }.joined(separator: " ")
        let program = try Rules.v2(
            """
            function grow(s0) { \(doublings) return s10; }
            function big(s) { return grow(grow(grow(s))); }
            match /{x} { allow get: if big('abcdefghij').size() > 0; }
            """)
        let decision = program.decide(Rules.request(.get, "x"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("string longer than"))
    }

    @Test func manyRecursiveWildcardsStayBounded() throws {
        let body =
            (0..<RulesLimits.matchDepth - 1).map { _ in "match /{a=**} {" }.enumerated()
            .map { $0.element.replacingOccurrences(of: "{a", with: "{a\($0.offset)") }.joined()
            + "allow get: if false;" + String(repeating: "}", count: RulesLimits.matchDepth - 1)
        let program = try Rules.v2(body)
        let path = (0..<200).map { _ in "s" }.joined(separator: "/")
        let decision = program.decide(Rules.request(.get, path))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("stopped"))
    }
}

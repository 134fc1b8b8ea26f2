import SecurityRules
import Testing

/// `lint`'s warnings about rules whose cost the caller sets, or that double.
@Suite struct RulesCostWarningTests {
    private func warnings(_ body: String) -> [RulesCostWarning] {
        RulesCostWarning.warnings(
            for: RulesSource(name: "test.rules", text: "rules_version = '2';\nservice firebase.storage {\n\(body)\n}"))
    }

    @Test func stringWorkOnTokenFieldsIsWarned() {
        let found = warnings(
            "match /b/{bucket}/o { allow read: if request.auth.token.name.replace('-', '') == 'x'\n"
                + " && request.auth.token['email'].matches('.*@x[.]com'); }")
        #expect(found.map(\.line) == [3, 4])
        #expect(found.first?.message.hasPrefix("replace() on a field of request.auth.token") == true)
        #expect(found.last?.message.hasPrefix("matches() on a field of request.auth.token") == true)
    }

    @Test func doublingLetsAreWarned() {
        let found = warnings(
            "function d(a) { let b = [a, a]; let c = b + b; let e = [a, b]; return e; }\n"
                + "match /b/{bucket}/o { allow read: if d(1).size() > 0; }")
        #expect(found.count == 2)
        #expect(found.allSatisfy { $0.message.contains("doubles at each step") })
    }

    /// A warning quotes its line as errors do: cut around the column, never a long line whole.
    @Test func aWarningQuotesALongLineShort() {
        let padding = String(repeating: "true && ", count: 4000)
        let found = warnings(
            "match /b/{bucket}/o { allow read: if \(padding)request.auth.token.name.replace('-', '') == 'x'; }")
        #expect(found.count == 1)
        #expect(found.first?.sourceLine.contains("replace") == true)
        #expect((found.first?.sourceLine.unicodeScalars.count ?? .max) <= 82)
    }

    @Test func ordinaryRulesAreNotWarned() {
        let found = warnings(
            "match /b/{bucket}/o/{name} { allow read: if request.auth.uid == 'u' && name.matches('a.*')\n"
                + " && resource.metadata.owner.replace('x', 'y') == request.auth.token.name; }")
        #expect(found.isEmpty)
    }
}

import SecurityRules
import Testing

/// Firebase's rules: an error denies the `allow` it occurs in, except where `&&` or `||` can decide without the
/// side that failed.
@Suite struct ErrorSemanticsTests {
    /// `request.auth.uid` is an error for a signed-out request.
    static let error = "request.auth.uid == 'x'"

    @Test func errorOrTrueIsTrue() throws {
        #expect(try Rules.evaluates("\(Self.error) || true").allowed)
        #expect(try Rules.evaluates("true || \(Self.error)").allowed)
    }

    @Test func errorAndFalseIsFalseAndOtherCombinationsAreErrors() throws {
        let program = try Rules.v2(
            """
            match /{all=**} {
              allow get: if !(\(Self.error) && false);
              allow list: if \(Self.error) && true;
              allow create: if \(Self.error) || false;
              allow update: if !(false && \(Self.error));
            }
            """)
        #expect(program.decide(Rules.request(.get, "a")).allowed)
        #expect(!program.decide(Rules.request(.list, "a")).allowed)
        #expect(!program.decide(Rules.request(.create, "a")).allowed)
        #expect(program.decide(Rules.request(.update, "a")).allowed)
    }

    @Test func errorDeniesOnlyItsOwnAllow() throws {
        let program = try Rules.v2(
            """
            match /{all=**} {
              allow read: if \(Self.error);
              allow read: if true;
            }
            """)
        #expect(program.decide(Rules.request(.get, "a")).allowed)
    }

    @Test func conditionalWithErrorInTheUntakenBranchHolds() throws {
        #expect(try Rules.evaluates("request.auth == null ? true : request.auth.uid == 'x'").allowed)
        #expect(try !Rules.evaluates("\(Self.error) ? true : true").allowed)
    }

    @Test func nonBoolConditionDenies() throws {
        let decision = try Rules.evaluates("'yes'")
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("not bool"))
    }

    @Test func signedInOrPublicStyleShortCircuit() throws {
        // `request.auth.uid != null` is an error when signed out; the other side still decides.
        let condition = "request.auth.uid != null || resource.metadata.visibility == 'public'"
        let publicObject = Rules.object("a", metadata: ["visibility": "public"])
        #expect(try Rules.evaluates(condition, Rules.request(.get, "a", resource: publicObject)).allowed)
        #expect(try !Rules.evaluates(condition, Rules.request(.get, "a", resource: Rules.object("a"))).allowed)
        #expect(try Rules.evaluates(condition, Rules.request(.get, "a", uid: "u", resource: Rules.object("a"))).allowed)
    }

    @Test func explanationListsTheErrorsMet() throws {
        let program = try Rules.v2("match /{all=**} { allow read: if \(Self.error); allow get: if false; }")
        let decision = program.decide(Rules.request(.get, "a"))
        #expect(!decision.allowed)
        #expect(
            decision.explanation.contains(
                "'allow read' at storage.rules:4:19 under match /b/{bucket}/o at storage.rules:3:3, "
                    + "match /{all=**} at storage.rules:4:1: error at storage.rules:4:"))
        #expect(decision.explanation.contains("'allow get' at storage.rules:4:"))
        #expect(decision.explanation.contains("storage.rules:4:"))
        #expect(decision.explanation.hasSuffix(": the condition is the literal false"), "\(decision.explanation)")
    }
}

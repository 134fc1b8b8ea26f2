import ReferenceService
import SecurityRules
import StorageAPI
import Testing

/// How the shorthand decides requests once written as rules (`StorageRules.source`) and decided by the rules
/// engine, as in Firebase Security Rules: lists by the folder's children, path variables, and conditions on
/// the signed-in user.
@Suite struct RulesSemanticsTests {
    private func rules(
        _ path: String, _ operations: Set<StorageRules.Operation>, _ condition: StorageRules.Condition? = nil,
        version: Int = 2
    ) -> StorageRules {
        StorageRules(version: version, entries: [.init(path: path, operations: operations, condition: condition)])
    }

    private func allows(_ rules: StorageRules, _ method: RulesMethod, _ path: String, uid: String? = nil) -> Bool {
        rules.program.decide(
            RulesRequest(method: method, bucket: "b", path: path, auth: uid.map { RulesAuth(uid: $0) })
        ).allowed
    }

    @Test func aListIsDecidedByTheRulesOfTheFoldersChildren() {
        let oneLevel = rules("images/*", [.list])
        #expect(allows(oneLevel, .list, "images"))
        #expect(!allows(oneLevel, .list, "images/2024"))
        #expect(!allows(oneLevel, .list, ""))
        let root = rules("{directChild}", [.list])
        #expect(allows(root, .list, ""))
        #expect(!allows(root, .list, "images"))
        let literal = rules("images/cover.jpg", [.list])
        #expect(!allows(literal, .list, "images"))
        let deep = rules("public/**", [.list])
        #expect(allows(deep, .list, "public"))
        #expect(allows(deep, .list, "public/a/b"))
        #expect(!allows(deep, .list, ""))
    }

    @Test func aVariableBoundToTheUserAllowsOnlyThatUser() {
        let owner = rules("users/{uid}/{rest=**}", [.read, .list], .userIs("uid"))
        #expect(allows(owner, .get, "users/alice/a/b.txt", uid: "alice"))
        #expect(!allows(owner, .get, "users/alice/a.txt", uid: "bob"))
        #expect(!allows(owner, .get, "users/alice/a.txt"))
        #expect(allows(owner, .list, "users/alice", uid: "alice"))
        #expect(!allows(owner, .list, "users", uid: "alice"))
        let unbound = rules("users/{uid}/**", [.read])
        #expect(allows(unbound, .get, "users/anyone/x"))
        // A condition on a variable the path does not bind never holds (rules JSON does not check binding).
        let unboundOwner = rules("users/**", [.read], .userIs("uid"))
        #expect(!allows(unboundOwner, .get, "users/alice/x", uid: "alice"))
        #expect(
            owner.entries[0].binds("uid") && owner.entries[0].binds("rest") && !unboundOwner.entries[0].binds("uid"))
    }

    @Test func readIsGetWriteIsCreateUpdateDeleteAndSignedInNeedsAUser() {
        let readers = rules("**", [.read], .signedIn)
        #expect(allows(readers, .get, "a/b", uid: "u"))
        #expect(!allows(readers, .get, "a/b"))
        #expect(!allows(readers, .list, "a", uid: "u"))
        let writers = rules("drop/**", [.write])
        for method in [RulesMethod.create, .update, .delete] { #expect(allows(writers, method, "drop/x")) }
        #expect(!allows(writers, .get, "drop/x"))
        #expect(rules("x", []).source.contains("allows nothing"))
    }

    @Test func doubleStarsMatchAnyNumberOfSegmentsThroughNestedMatches() {
        let shorthand = rules("a/**/b/**", [.read])
        #expect(shorthand.source.contains("match /a/{rest2=**}/b {\n      match /{rest4=**} {"), "\(shorthand.source)")
        let cases: [(String, Bool)] = [
            ("a/b", true), ("a/x/b", true), ("a/x/y/b/z", true), ("a/b/b", true), ("b/a/b", false), ("a", false),
            ("a/x", false), ("x/a/b", false),
        ]
        for (path, allowed) in cases {
            #expect(allows(shorthand, .get, path) == allowed, "\(path)")
        }
    }

    /// Names the rules language cannot take, a name bound twice, and literals the match syntax cannot hold are
    /// written so that the source always loads and decides as the shorthand says.
    @Test func oddNamesAndSegmentsStillLoadAndMatchExactly() throws {
        let odd = StorageRules(entries: [
            .init(path: "{bucket}/{if}/{uid}/{uid}", operations: [.read], condition: .userIs("uid")),
            .init(path: "with space/(x)/[y]/", operations: [.read]),
            .init(path: "é/*", operations: [.read]),
        ])
        #expect(odd.sourceProblem == nil, "\(odd.source)")
        #expect(allows(odd, .get, "b1/x/alice/alice", uid: "alice"))
        #expect(!allows(odd, .get, "b1/x/alice/bob", uid: "alice"))
        #expect(allows(odd, .get, "with space/(x)/[y]/"))
        #expect(!allows(odd, .get, "with space/(x)/[y]/z"))
        #expect(!allows(odd, .get, "withspace/(x)/[y]/"))
        #expect(allows(odd, .get, "é/z"))
    }

    /// Firebase's version 1 takes a recursive wildcard only at the end of a path: the shorthand says so, and
    /// a program built from it anyway allows nothing.
    @Test func versionOneRefusesADoubleStarBeforeTheEnd() throws {
        let bad = rules("a/**/b", [.read], version: 1)
        let problem = try #require(bad.sourceProblem)
        #expect(problem.file == StorageRules.sourceName)
        #expect(!allows(bad, .get, "a/x/b"))
        #expect(bad.program.source.text.contains("cannot be written as rules"))
        let good = rules("a/**", [.read, .list], version: 1)
        #expect(good.sourceProblem == nil)
        #expect(allows(good, .get, "a/x/b"))
        #expect(
            good.program.decide(RulesRequest(method: .list, bucket: "b", path: "a")).explanation
                == RulesProgram.versionOneListMessage)
    }

    @Test func conditionsReadAndWriteTheirText() {
        #expect(StorageRules.Condition("signedIn") == .signedIn)
        #expect(StorageRules.Condition(" request.auth.uid  ==  owner ") == .userIs("owner"))
        #expect(StorageRules.Condition("request.auth.uid == 1x") == nil)
        #expect(StorageRules.Condition("request.auth.token.admin == true") == nil)
        #expect(StorageRules.Condition(StorageRules.Condition.userIs("uid").text) == .userIs("uid"))
        #expect(StorageRules.isPathVariable("{uid}"))
        #expect(StorageRules.isPathVariable("{rest=**}"))
        #expect(!StorageRules.isPathVariable("{}"))
        #expect(!StorageRules.isPathVariable("{a-b}"))
    }
}

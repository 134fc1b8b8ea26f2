import StorageAPI
import Testing

/// How entries decide requests, as in Firebase Security Rules: lists by the folder's children, path variables,
/// and conditions on the signed-in user.
@Suite struct RulesSemanticsTests {
    private func rules(
        _ path: String, _ operations: Set<StorageRules.Operation>, _ condition: StorageRules.Condition? = nil
    )
        -> StorageRules
    {
        StorageRules(entries: [.init(path: path, operations: operations, condition: condition)])
    }

    @Test func aListIsDecidedByTheRulesOfTheFoldersChildren() {
        let oneLevel = rules("images/*", [.list])
        #expect(oneLevel.allows(.list, path: "images", uid: nil))
        #expect(!oneLevel.allows(.list, path: "images/2024", uid: nil))
        #expect(!oneLevel.allows(.list, path: "", uid: nil))
        let root = rules("{directChild}", [.list])
        #expect(root.allows(.list, path: "", uid: nil))
        #expect(!root.allows(.list, path: "images", uid: nil))
        let literal = rules("images/cover.jpg", [.list])
        #expect(!literal.allows(.list, path: "images", uid: nil))
        let deep = rules("public/**", [.list])
        #expect(deep.allows(.list, path: "public", uid: nil))
        #expect(deep.allows(.list, path: "public/a/b", uid: nil))
        #expect(!deep.allows(.list, path: "", uid: nil))
    }

    @Test func aVariableBoundToTheUserAllowsOnlyThatUser() {
        let owner = rules("users/{uid}/{rest=**}", [.read, .list], .userIs("uid"))
        #expect(owner.allows(.read, path: "users/alice/a/b.txt", uid: "alice"))
        #expect(!owner.allows(.read, path: "users/alice/a.txt", uid: "bob"))
        #expect(!owner.allows(.read, path: "users/alice/a.txt", uid: nil))
        #expect(owner.allows(.list, path: "users/alice", uid: "alice"))
        #expect(!owner.allows(.list, path: "users", uid: "alice"))
        let unbound = rules("users/{uid}/**", [.read])
        #expect(unbound.allows(.read, path: "users/anyone/x", uid: nil))
        // A condition on a variable the path does not bind never holds (rules JSON does not check binding).
        let unboundOwner = rules("users/**", [.read], .userIs("uid"))
        #expect(!unboundOwner.allows(.read, path: "users/alice/x", uid: "alice"))
        #expect(
            owner.entries[0].binds("uid") && owner.entries[0].binds("rest") && !unboundOwner.entries[0].binds("uid"))
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

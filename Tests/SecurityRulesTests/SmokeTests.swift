import Testing
import SecurityRules

@Suite struct SmokeTests {
    @Test func userOwnedFiles() throws {
        let program = try Rules.v2("match /user/{userId}/{fileName} { allow read, write: if request.auth != null && request.auth.uid == userId; }")
        #expect(program.decide(Rules.request(.get, "user/alice/a.txt", uid: "alice")).allowed)
        #expect(!program.decide(Rules.request(.get, "user/alice/a.txt", uid: "bob")).allowed)
        #expect(!program.decide(Rules.request(.get, "user/alice/a.txt")).allowed)
        print(program.decide(Rules.request(.get, "user/alice/a.txt", uid: "bob")))
        print(program.decide(Rules.request(.get, "user/alice/a.txt", uid: "alice")))
    }
}

import SecurityRules
import Testing

@Suite struct MatchingTests {
    @Test func literalsAndVariablesMatchOneSegment() throws {
        let program = try Rules.v2(
            """
            match /images/profile.png { allow get; }
            match /docs/{docId} { allow get: if docId == 'a.txt'; }
            """)
        #expect(program.decide(Rules.request(.get, "images/profile.png")).allowed)
        #expect(!program.decide(Rules.request(.get, "images/other.png")).allowed)
        #expect(program.decide(Rules.request(.get, "docs/a.txt")).allowed)
        #expect(!program.decide(Rules.request(.get, "docs/b.txt")).allowed)
        #expect(!program.decide(Rules.request(.get, "docs/sub/a.txt")).allowed)
    }

    @Test func nestedMatchesBindEveryLevel() throws {
        let program = try Rules.v2(
            """
            match /users/{uid} {
              match /photos/{photo} { allow get: if uid == request.auth.uid && photo.matches('.*[.]jpg'); }
            }
            """)
        #expect(program.decide(Rules.request(.get, "users/u1/photos/p.jpg", uid: "u1")).allowed)
        #expect(!program.decide(Rules.request(.get, "users/u1/photos/p.png", uid: "u1")).allowed)
        #expect(!program.decide(Rules.request(.get, "users/u1", uid: "u1")).allowed)
    }

    @Test func bucketVariableAndLiteralBucket() throws {
        let program = try Rules.program(
            """
            rules_version = '2';
            service firebase.storage {
              match /b/{bucket}/o { match /{all=**} { allow get: if bucket == 'bucket'; } }
              match /b/other/o { match /{all=**} { allow create; } }
            }
            """)
        #expect(program.decide(Rules.request(.get, "x")).allowed)
        #expect(!program.decide(Rules.request(.create, "x")).allowed)
        var other = Rules.request(.create, "x")
        other.bucket = "other"
        #expect(program.decide(other).allowed)
    }

    @Test func recursiveWildcardVersionTwoMatchesZeroOrMoreAnywhere() throws {
        let program = try Rules.v2(
            """
            match /public/{rest=**} { allow get: if rest == '' || rest.size() > 0; }
            match /{prefix=**}/secret.txt { allow delete: if prefix == 'a/b'; }
            """)
        #expect(program.decide(Rules.request(.get, "public")).allowed)
        #expect(program.decide(Rules.request(.get, "public/a/b/c")).allowed)
        #expect(program.decide(Rules.request(.delete, "a/b/secret.txt")).allowed)
        #expect(!program.decide(Rules.request(.delete, "a/secret.txt")).allowed)
    }

    @Test func recursiveWildcardVersionOneMatchesOneOrMoreAtTheEnd() throws {
        let program = try Rules.program(
            """
            service firebase.storage {
              match /b/{bucket}/o { match /public/{rest=**} { allow read: if rest.size() > 0; } }
            }
            """)
        #expect(program.version == 1)
        #expect(!program.decide(Rules.request(.get, "public")).allowed)
        #expect(program.decide(Rules.request(.get, "public/a/b")).allowed)
        let error = Rules.syntaxError(
            "service firebase.storage { match /b/{bucket}/o { match /{p=**}/x.txt { allow read; } } }")
        #expect(error?.message.contains("rules_version '1'") == true)
        #expect(error?.location.column == 57)
    }

    @Test func readAndWriteCoverTheirMethods() throws {
        let program = try Rules.v2("match /r/{f} { allow read; } match /w/{f} { allow write; }")
        for method in [RulesMethod.get, .list] {
            #expect(program.decide(Rules.request(method, method == .list ? "r" : "r/x")).allowed)
            #expect(!program.decide(Rules.request(method, method == .list ? "w" : "w/x")).allowed)
        }
        for method in [RulesMethod.create, .update, .delete] {
            #expect(program.decide(Rules.request(method, "w/x")).allowed)
            #expect(!program.decide(Rules.request(method, "r/x")).allowed)
        }
    }

    @Test func granularMethods() throws {
        let program = try Rules.v2("match /{f} { allow get, create; allow delete: if false; }")
        #expect(program.decide(Rules.request(.get, "x")).allowed)
        #expect(program.decide(Rules.request(.create, "x")).allowed)
        #expect(!program.decide(Rules.request(.update, "x")).allowed)
        #expect(!program.decide(Rules.request(.delete, "x")).allowed)
        #expect(!program.decide(Rules.request(.list, "")).allowed)
    }

    @Test func listIsDecidedByTheFoldersChildren() throws {
        let program = try Rules.v2(
            """
            match /users/{uid}/{rest=**} { allow list: if uid == request.auth.uid; }
            match /{directChild} { allow list: if request.auth != null; }
            match /fixed/name.txt { allow list; }
            match /open/{file} { allow list: if file == 'x' || true; }
            """)
        #expect(program.decide(Rules.request(.list, "users/alice", uid: "alice")).allowed)
        #expect(program.decide(Rules.request(.list, "users/alice/deeper", uid: "alice")).allowed)
        #expect(!program.decide(Rules.request(.list, "users/alice", uid: "bob")).allowed)
        #expect(program.decide(Rules.request(.list, "", uid: "bob")).allowed)
        #expect(!program.decide(Rules.request(.list, "")).allowed)
        #expect(!program.decide(Rules.request(.list, "fixed")).allowed)
        #expect(program.decide(Rules.request(.list, "open")).allowed)
    }

    @Test func aVariableBoundToTheUnknownChildIsAnError() throws {
        let program = try Rules.v2("match /users/{uid} { allow list: if uid == 'x'; }")
        let decision = program.decide(Rules.request(.list, "users"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("'uid' is bound to the listed folder's child"))
    }

    @Test func versionOneRefusesEveryListWithTheGuidesMessage() throws {
        let program = try Rules.program(
            "service firebase.storage { match /b/{bucket}/o { match /{all=**} { allow read; } } }")
        let decision = program.decide(Rules.request(.list, ""))
        #expect(!decision.allowed)
        #expect(
            decision.explanation
                == "Listing objects in a bucket is disallowed for rules_version = \"1\". Please update storage security rules to rules_version = \"2\" to use list."
        )
        #expect(decision.explanation == RulesProgram.versionOneListMessage)
        #expect(program.decide(Rules.request(.get, "a")).allowed)
    }

    @Test func functionsSeeTheirScopeAndPathVariables() throws {
        let program = try Rules.v2(
            """
            function signedIn() { return request.auth != null; }
            match /users/{uid} {
              function isOwner() { return signedIn() && request.auth.uid == uid; }
              function both(a, b) { let x = a && b; return x; }
              match /{file} { allow get: if both(isOwner(), file != 'locked'); }
            }
            """)
        #expect(program.decide(Rules.request(.get, "users/u/f", uid: "u")).allowed)
        #expect(!program.decide(Rules.request(.get, "users/u/locked", uid: "u")).allowed)
        #expect(!program.decide(Rules.request(.get, "users/u/f", uid: "v")).allowed)
        #expect(!program.decide(Rules.request(.get, "users/u/f")).allowed)
    }

    @Test func explanationNamesTheGrantingAllow() throws {
        let program = try Rules.v2("match /a/{f} {\n  allow get: if false;\n  allow read: if true;\n}")
        let decision = program.decide(Rules.request(.get, "a/x"))
        #expect(decision.allowed)
        #expect(decision.explanation == "'allow read' at storage.rules:6:3")
        #expect(decision.description == "allowed: 'allow read' at storage.rules:6:3")
        #expect(program.decide(Rules.request(.get, "b/x")).explanation == "no allow matches the get of /b/bucket/o/b/x")
    }
}

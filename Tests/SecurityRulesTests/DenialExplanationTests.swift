import SecurityRules
import Testing

/// A denial names the `match` statements around each refused `allow` and the part of its condition that was
/// false, with file:line:column and the values it compared (docs/security-rules.md §3).
struct DenialExplanationTests {
    static let images = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /images/{imageId} {
              allow write: if request.auth != null
                && request.resource.size < 5 * 1024 * 1024
                && request.resource.contentType.matches('image/.*');
            }
          }
        }
        """

    @Test func namesTheMatchesAndTheFirstFalseOperandOfAnd() throws {
        let program = try Rules.program(Self.images)
        let big = Rules.object("images/cat.png", size: 6_291_456, contentType: "image/png")
        let decision = program.decide(Rules.request(.create, "images/cat.png", uid: "u", incoming: big))
        #expect(!decision.allowed)
        #expect(
            decision.explanation
                == "no allow grants the create of /b/bucket/o/images/cat.png: 'allow write' at storage.rules:5:7 "
                + "under match /b/{bucket}/o at storage.rules:3:3, match /images/{imageId} at storage.rules:4:5: "
                + "request.resource.size < 5 * 1024 * 1024 at storage.rules:6:34 is false "
                + "(request.resource.size is 6291456, 5 * 1024 * 1024 is 5242880)")
    }

    @Test func aMethodLeafShowsItsReceiver() throws {
        let program = try Rules.program(Self.images)
        let text = Rules.object("images/a.txt", size: 10, contentType: "text/plain")
        let decision = program.decide(Rules.request(.create, "images/a.txt", uid: "u", incoming: text))
        #expect(
            decision.explanation.hasSuffix(
                "request.resource.contentType.matches('image/.*') at storage.rules:7:41 is false "
                    + "(request.resource.contentType is 'text/plain')"))
    }

    @Test func everyFalseAlternativeOfOrIsNamed() throws {
        let decision = try Rules.evaluates(
            "request.auth != null || resource.size > 100", Rules.request(.get, "a", resource: Rules.object("a")))
        #expect(
            decision.explanation.hasSuffix(
                "every operand of '||' is false: (request.auth != null at storage.rules:4:46 is false (request.auth is null)), "
                    + "(resource.size > 100 at storage.rules:4:71 is false (resource.size is 10))"))
    }

    @Test func notExplainsItsOperandAsTrue() throws {
        let decision = try Rules.evaluates("!(request.auth.uid == 'bob')", Rules.request(.get, "a", uid: "bob"))
        #expect(
            decision.explanation.hasSuffix(
                "request.auth.uid == 'bob' at storage.rules:4:52 is true (request.auth.uid is 'bob')"))
    }

    @Test func aFunctionCallIsExplainedByItsBody() throws {
        let program = try Rules.v2(
            """
            function isOwner(userId) {
              let owner = userId;
              return request.auth.uid == owner;
            }
            match /users/{userId}/{file} { allow read: if isOwner(userId); }
            """)
        let decision = program.decide(Rules.request(.get, "users/alice/a.txt", uid: "bob"))
        #expect(
            decision.explanation.hasSuffix(
                "isOwner(userId) at storage.rules:8:54 is false: in function isOwner at storage.rules:4:1, "
                    + "request.auth.uid == owner at storage.rules:6:27 is false "
                    + "(request.auth.uid is 'bob', owner is 'alice')"))
        #expect(
            decision.explanation.contains(
                "under match /b/{bucket}/o at storage.rules:3:3, match /users/{userId}/{file} at storage.rules:8:1"))
    }

    @Test func theBranchTakenAndEveryTrueOperandOfANegatedAndAreNamed() throws {
        let branch = try Rules.evaluates(
            "request.auth == null ? resource.size > 100 : false", Rules.request(.get, "a", resource: Rules.object("a")))
        #expect(
            branch.explanation.hasSuffix("resource.size > 100 at storage.rules:4:70 is false (resource.size is 10)"))
        let negated = try Rules.evaluates(
            "!(resource.size == 10 && resource.contentType == 'text/plain')",
            Rules.request(.get, "a", resource: Rules.object("a")))
        #expect(
            negated.explanation.hasSuffix(
                "every operand of '&&' is true: (resource.size == 10 at storage.rules:4:49 is true (resource.size is 10)), "
                    + "(resource.contentType == 'text/plain' at storage.rules:4:79 is true "
                    + "(resource.contentType is 'text/plain'))"))
    }

    @Test func aDenialALimitStoppedIsNotEvaluatedAgain() throws {
        let program = try Rules.v2(
            CostTests.doubler("d", list: true)
                + "\nmatch /{x} { allow get: if request.auth == null; allow get: if d(d(d('a'))) == d(d(d('a'))); }")
        let decision = program.decide(Rules.request(.get, "x", uid: "u"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("(stopped: rules evaluation exceeded"), "\(decision.explanation)")
        // The first refusal is named, not evaluated again: no operands, no values.
        #expect(
            decision.explanation.contains(
                "'allow get' at storage.rules:5:14 under match /b/{bucket}/o at storage.rules:3:3, match /{x} at storage.rules:5:1 is false;"
            ), "\(decision.explanation)")
    }

    @Test func longValuesAreCut() throws {
        let long = String(repeating: "x", count: 1 << 20)
        let decision = try Rules.evaluates(
            "request.auth.token.note == 'short'", Rules.request(.get, "a", uid: "u", token: ["note": .string(long)]))
        #expect(!decision.allowed)
        #expect(decision.explanation.count < 400)
        #expect(decision.explanation.contains("request.auth.token.note is '" + String(repeating: "x", count: 59) + "…"))
    }

    /// A literal has no place of its own: the explanation names it as a literal, not at the `allow`'s place.
    @Test func aLiteralFalseIsNamedAsOne() throws {
        let program = try Rules.v2("match /{all=**} { allow get: if request.auth != null && false; }")
        let decision = program.decide(Rules.request(.get, "a", uid: "u"))
        #expect(decision.explanation.hasSuffix(": the literal false"), "\(decision.explanation)")
        #expect(!decision.explanation.contains("false at"), "\(decision.explanation)")
    }

    /// Rules placed in a larger file name that file's places: a grant, a false part and an evaluation error.
    @Test func placedRulesNameTheirFilesPlaces() throws {
        let text =
            "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o/{p=**} {\n"
            + "    allow get: if request.auth.uid.size() > 0;\n    allow delete: if resource.size < 2;\n  }\n}\n"
        let source = RulesSource(name: "s.yaml", text: text, placement: .block(keyLine: 10, indentation: 4))
        let program = try RulesProgram(source)
        #expect(program.decide(Rules.request(.get, "a", uid: "u")).explanation == "'allow get' at s.yaml:14:9")
        let error = program.decide(Rules.request(.get, "a")).explanation
        #expect(
            error.contains(
                "'allow get' at s.yaml:14:9 under match /b/{bucket}/o/{p=**} at s.yaml:13:7: error at s.yaml:14:"),
            "\(error)")
        let big = Rules.object("a", size: 3, contentType: "text/plain")
        let refusal = program.decide(Rules.request(.delete, "a", resource: big)).explanation
        #expect(refusal.contains("resource.size < 2 at s.yaml:15:40 is false (resource.size is 3)"), "\(refusal)")
    }

    @Test func theExplanationStaysBoundedToFiveRefusals() throws {
        let allows = (1...8).map { "allow get: if request.auth.uid == 'user\($0)';" }.joined(separator: " ")
        let program = try Rules.v2("match /{all=**} { \(allows) }")
        let decision = program.decide(Rules.request(.get, "a", uid: "bob"))
        #expect(decision.explanation.components(separatedBy: "is false").count == 6)
        #expect(decision.explanation.hasSuffix("; and 3 more"))
    }

    @Test func aGrantIsUnchanged() throws {
        let program = try Rules.program(Self.images)
        let small = Rules.object("images/cat.png", size: 10, contentType: "image/png")
        let decision = program.decide(Rules.request(.create, "images/cat.png", uid: "u", incoming: small))
        #expect(decision.description == "allowed: 'allow write' at storage.rules:5:7")
    }
}

/// `request.params`: the request's query parameters, a map of strings (Firebase's Storage rules language has it).
struct RequestParamsTests {
    @Test func paramsAreTheQueryParameters() throws {
        let program = try Rules.v2("match /{all=**} { allow get: if request.params.alt == 'media'; }")
        var request = Rules.request(.get, "a")
        #expect(!program.decide(request).allowed)
        request.params = ["alt": "media"]
        #expect(program.decide(request).allowed)
        request.params = ["alt": "json"]
        #expect(program.decide(request).explanation.hasSuffix("(request.params.alt is 'json')"))
        let keys = try Rules.evaluates("'alt' in request.params && request.params.size() == 1", request)
        #expect(keys.allowed)
    }
}

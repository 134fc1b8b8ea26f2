import SecurityRules
import Testing

@Suite struct SyntaxTests {
    @Test func versionCommentsQuotesAndOptionalSemicolons() throws {
        let program = try Rules.program(
            """
            // A comment.
            rules_version = "2"
            /* A block
               comment. */
            service firebase.storage {
              match /b/{bucket}/o {
                match /a/{f} {
                  allow read: if f == "x" || f == 'y' // no semicolon before the brace
                }
                match /b/{f} { allow write }
              }
            }
            """)
        #expect(program.version == 2)
        #expect(program.decide(Rules.request(.get, "a/y")).allowed)
        #expect(program.decide(Rules.request(.create, "b/z")).allowed)
    }

    @Test func noVersionIsVersionOne() throws {
        #expect(try Rules.program("service firebase.storage { match /b/{bucket}/o { } }").version == 1)
        #expect(try Rules.program("rules_version = '1'; service firebase.storage { }").version == 1)
    }

    @Test func renderedErrorPointsAtTheColumn() throws {
        let error = try #require(
            Rules.syntaxError(
                """
                rules_version = '2';
                service firebase.storage {
                  match /b/{bucket}/o {
                    match /a/{f} { allow read: if f == ; }
                  }
                }
                """))
        #expect(error.file == "storage.rules")
        #expect(error.location.line == 4)
        #expect(error.location.column == 40)
        #expect(error.message == "expected an expression, found ';'")
        #expect(
            error.description
                == """
                storage.rules:4:40: expected an expression, found ';'
                    match /a/{f} { allow read: if f == ; }
                                                       ^
                """)
    }

    /// Each file is refused with a message containing the text given, at the line and column given.
    static let refused: [(text: String, message: String, line: Int, column: Int)] = [
        ("rules_version = '3'; service firebase.storage {}", "rules_version must be '1' or '2'", 1, 17),
        ("service cloud.firestore { }", "not 'cloud.firestore'", 1, 1),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read; } } service firebase.storage {}",
            "one service", 1, 66
        ),
        ("service firebase.storage { allow read; }", "inside a 'match'", 1, 28),
        ("service firebase.storage { match /b/{bucket}/o { allow reed; } }", "unknown method 'reed'", 1, 56),
        ("service firebase.storage { match /b/{bucket}/o { allow read, read; } }", "listed twice", 1, 62),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if nope(); } }", "unknown function 'nope'", 1,
            65
        ),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.nope(); } }",
            "unknown function 'nope'", 1, 69
        ),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if math.nope(1); } }",
            "unknown function 'math.nope'", 1, 65
        ),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.matches(); } }", "takes 1 argument", 1,
            69
        ),
        ("service firebase.storage { match /b/{bucket}/o { allow read: if int(1, 2); } }", "takes 1 argument", 1, 65),
        (
            "service firebase.storage { function f(a) { return a; } match /b/{bucket}/o { allow read: if f(); } }",
            "function 'f' takes 1 argument(s), given 0", 1, 93
        ),
        (
            "service firebase.storage { function f() { return true; } function f() { return false; } }",
            "declared twice", 1, 58
        ),
        ("service firebase.storage { function f(a, a) { return a; } }", "parameter 'a' is declared twice", 1, 42),
        (
            "service firebase.storage { function f() { return g(); } function g() { return f(); } }",
            "recursion is not allowed", 1, 28
        ),
        ("service firebase.storage { function f() { return f(); } }", "recursion is not allowed", 1, 28),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if nobody == 1; } }",
            "unknown variable 'nobody'", 1, 65
        ),
        (
            "service firebase.storage { match /b/{bucket}/o { match /{bucket} { allow read; } } }",
            "already bound", 1, 57
        ),
        ("service firebase.storage { match /b/{bucket}/o { match /{a=*} { allow read; } } }", "only '**'", 1, 57),
        (
            "rules_version = '2'; service firebase.storage { match /{a=**}/{b=**} { allow read; } }",
            "at most one recursive wildcard", 1, 63
        ),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if 'a'.matches('(') } }",
            "invalid regular expression '('", 1, 77
        ),
        ("service firebase.storage { match /b/{bucket}/o { allow read: if 'a }", "unterminated string", 1, 65),
        ("service firebase.storage { /* never closed", "unterminated comment", 1, 28),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if 99999999999999999999 > 1; } }",
            "does not fit in 64 bits", 1, 65
        ),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if 1 is strin; } }", "unknown type 'strin'",
            1, 70
        ),
        ("service firebase.storage { match /b/{bucket}/o { allow read: if true", "missing '}'", 1, 69),
        ("service firebase.storage { match b { } }", "starts with '/'", 1, 34),
        ("service firebase.storage { match /b/{bucket}/o { allow read: true; } }", "expected 'if'", 1, 62),
        ("service firebase.storage { match /b/{bucket}/o { allow read: if \"\\q\"; } }", "unknown escape", 1, 66),
        ("service firebase.storage { function f() { let x = 1; } }", "then one 'return'", 1, 54),
        ("service firebase.storage { function f() { let x = 1; let x = 2; return x; } }", "already declared", 1, 54),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if (1)(2); } }", "only functions and methods",
            1, 68
        ),
        ("", "expected 'service firebase.storage'", 1, 1),
        (
            "service firebase.storage { match /b/{bucket}/o { allow read: if a # b; } }", "unexpected character '#'", 1,
            67
        ),
    ]

    @Test(arguments: refused.indices) func refusedWithItsPlace(_ index: Int) throws {
        let expected = Self.refused[index]
        let error = try #require(Rules.syntaxError(expected.text), "\(expected.text) was accepted")
        #expect(error.message.contains(expected.message), "\(error.description)")
        #expect(
            error.location.line == expected.line && error.location.column == expected.column, "\(error.description)")
    }

    @Test func limitsOfFirebaseFunctions() throws {
        let eight = (1...8).map { "a\($0)" }.joined(separator: ", ")
        #expect(
            Rules.syntaxError("service firebase.storage { function f(\(eight)) { return true; } }")?.message
                .contains("more than 7 arguments") == true)
        let lets = (1...11).map { "let v\($0) = \($0);" }.joined(separator: " ")
        #expect(
            Rules.syntaxError("service firebase.storage { function f() { \(lets) return true; } }")?.message
                .contains("more than 10 let bindings") == true)
        let seven = (1...7).map { "a\($0)" }.joined(separator: ", ")
        #expect(Rules.syntaxError("service firebase.storage { function f(\(seven)) { return true; } }") == nil)
    }

    @Test func crlfLinesAndTabsRenderTheCaret() throws {
        let error = try #require(
            Rules.syntaxError("service firebase.storage {\r\n\tmatch /b/{bucket}/o { allow x; }\r\n}"))
        #expect(error.location.line == 2)
        #expect(error.description.hasSuffix("\n\t" + String(repeating: " ", count: 28) + "^"))
    }

    @Test func pathLiteralsParseInCalls() throws {
        let program = try Rules.v2(
            "match /{f} { allow get: if firestore.get(/databases/(default)/documents/users/$(request.auth.uid)).data.admin; }"
        )
        let decision = program.decide(Rules.request(.get, "x", uid: "u"))
        #expect(!decision.allowed)
        #expect(decision.explanation.contains("firestore.get reads Cloud Firestore"))
    }
}

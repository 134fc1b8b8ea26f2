import Harness
import Testing

/// `given:` objects, rules and users.
@Suite("Runner: given")
struct GivenTests {
    @Test func objectsAreStoredLikeUploadsWithTheirMetadata() throws {
        let report = try runSteps(
            """
            - getMetadata: photos/a.jpg
              expect: { metadata: { size: 4096, contentType: image/jpeg, cacheControl: no-store, customMetadata: { by: seed }, metageneration: 1 } }
            - getData: photos/a.jpg
              maxSize: 1MiB
              expect: { data: { random: 4KiB, seed: 1 } }
            - downloadURL: photos/a.jpg
              expect: { matches: "token=.+$" }
            - getData: notes/empty.txt
              maxSize: 1KiB
              expect: { size: 0 }
            - listAll: ""
              expect: { prefixes: [notes, photos], items: [] }
            """,
            given: """
                objects:
                  photos/a.jpg: { random: 4KiB, seed: 1, contentType: image/jpeg, cacheControl: no-store, customMetadata: { by: seed } }
                  notes/empty.txt: { empty: true }
                """)
        expectPassed(report)
        #expect(report.transcript.hasPrefix("given object photos/a.jpg\ngiven object notes/empty.txt\nstep 1"))
    }

    /// Fixtures are stored before the rules apply, whatever the rules say.
    @Test func objectsIgnoreTheRules() throws {
        expectPassed(
            try runSteps(
                """
                - listAll: ""
                  expect: { error: unauthorized }
                - getData: public/ok.txt
                  maxSize: 1KiB
                  expect: { data: { text: ok } }
                - put: public/new.txt
                  data: { text: x }
                  expect: { error: unauthorized, events: "resume failure(unauthorized)" }
                """,
                given: """
                    objects:
                      "wrongPrefix//sadItem": { text: sad }
                      public/ok.txt: { text: ok }
                    rules:
                      allow:
                        - { path: "public/**", ops: [read] }
                    """))
    }

    /// `wrongPrefix//sadItem` is stored under that name: the root lists its prefix, while the normalized
    /// name (what a reference path gives) names no object.
    @Test func objectsKeepTheirRawNames() throws {
        expectPassed(
            try runSteps(
                """
                - listAll: ""
                  expect: { prefixes: [wrongPrefix], items: [] }
                - listAll: wrongPrefix
                  expect: { prefixes: [], items: [] }
                - getMetadata: wrongPrefix/sadItem
                  expect: { error: objectNotFound }
                """,
                given: "objects:\n  \"wrongPrefix//sadItem\": { text: sad }"))
    }

    @Test func rulesAllowOnlyWhatAnEntryAllows() throws {
        expectPassed(
            try runSteps(
                """
                - put: ios/public/a.txt
                  data: { text: a }
                - getMetadata: ios/public/a.txt
                - listAll: ios/public
                  expect: { items: [ios/public/a.txt] }
                - put: ios/private/a.txt
                  data: { text: a }
                  expect: { error: unauthorized }
                - getMetadata: ios/private/secret.txt
                  expect: { error: { code: unauthorized, message: ios/private/secret.txt } }
                - delete: other/x
                  expect: { error: unauthorized }
                - getData: other/x
                  maxSize: 1KiB
                - updateMetadata: other/x
                  metadata: { contentType: text/plain }
                  expect: { error: unauthorized }
                """,
                given: """
                    objects:
                      ios/private/secret.txt: { text: s }
                      other/x: { text: x }
                    rules:
                      version: 2
                      allow:
                        - { path: "ios/public/**", ops: [read, write, list] }
                        - { path: "ios/private/**", ops: [] }
                        - { path: "*/*", ops: [read] }
                    """))
    }

    @Test func rulesVersionOneDenyEveryList() throws {
        expectPassed(
            try runSteps(
                """
                - listAll: ""
                  expect: { error: unauthorized }
                - list: files
                  expect: { error: unauthorized }
                - getMetadata: files/a.txt
                """,
                given: """
                    objects:
                      files/a.txt: { text: a }
                    rules:
                      version: 1
                    """))
    }

    @Test func theDefaultUserIsSignedIn() throws {
        expectPassed(
            try runSteps(
                """
                - put: a.txt
                  data: { text: a }
                """,
                given: "rules:\n  allow:\n    - { path: \"**\", ops: [write], if: signedIn }"))
    }

    @Test func userNoneIsSignedOut() throws {
        expectPassed(
            try runSteps(
                """
                - put: a.txt
                  data: { text: a }
                  expect: { error: unauthorized }
                - getMetadata: a.txt
                  expect: { error: objectNotFound }
                """,
                given:
                    "rules:\n  allow:\n    - { path: \"**\", ops: [write], if: signedIn }\n    - { path: \"**\", ops: [read] }\nuser: none"
            ))
    }

    @Test func userNoneWithoutRulesMayDoAnything() throws {
        expectPassed(
            try runSteps(
                """
                - put: a.txt
                  data: { text: a }
                - listAll: ""
                  expect: { items: [a.txt] }
                """,
                given: "user: none"))
    }

    @Test func userInvalidSendsAMalformedToken() throws {
        expectPassed(
            try runSteps(
                """
                - getMetadata: a.txt
                  expect: { error: unauthenticated }
                - put: b.txt
                  data: { text: b }
                  expect: { error: unauthenticated }
                """,
                given: "objects:\n  a.txt: { text: a }\nuser: invalid"))
    }

    @Test func aNamedUserIsSignedIn() throws {
        expectPassed(
            try runSteps(
                """
                - getData: a.txt
                  maxSize: 1KiB
                """,
                given:
                    "objects:\n  a.txt: { text: a }\nrules:\n  allow:\n    - { path: \"**\", ops: [read], if: signedIn }\nuser: bob"
            ))
    }
}

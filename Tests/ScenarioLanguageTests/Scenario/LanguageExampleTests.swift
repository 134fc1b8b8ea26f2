import ScenarioLanguage
import StorageAPI
import Testing
import YAMLReader

/// The language's worked examples (docs/scenario-language.md shows them) decode to the AST they describe.
@Suite("Worked examples of the scenario language")
struct LanguageExampleTests {
    /// The page's full scenario (its `rules: ...` placeholder left out: the Rules example covers rules).
    @Test func aScenario() throws {
        let f = Fixture(
            """
            scenario: pausing and resuming an upload delivers every byte   # required, unique in the file
            tags: [upload, pause-resume]            # optional; used by --tag filters
            covers: upload-files/manage-uploads     # optional; the seed section it checks (traceability)
            targets: [reference]                    # optional; default: every target
            given:                                  # optional fixtures, applied before the steps
              objects:                              # raw object names, written as-is (no normalization, no rules)
                "wrongPrefix//sadItem": { text: sad }
                photos/a.jpg: { random: 4KiB, seed: 1, contentType: image/jpeg }
              user: alice                           # identity for the steps; `none` = not signed in; default alice
            steps:
              - put: images/rivers.jpg
                data: { random: 1MiB, seed: 7 }
                metadata: { contentType: image/jpeg }
                as: upload
              - pause: upload
                when: { progress: 256KiB }
              - resume: upload
              - await: upload
                expect:
                  events: [resume, progress+, pause, resume, progress+, success]
                  metadata: { size: 1048576, contentType: image/jpeg }
            """)
        let scenarios = try f.scenarios()
        var expectation = Expectation(location: f.at(20, "events"))
        expectation.events = EventPattern(items: [
            .init(event: .init(status: .resume)), .init(event: .init(status: .progress), minimum: 1, maximum: nil),
            .init(event: .init(status: .pause)), .init(event: .init(status: .resume)),
            .init(event: .init(status: .progress), minimum: 1, maximum: nil), .init(event: .init(status: .success)),
        ])
        expectation.metadata = ["size": .int(1_048_576), "contentType": .string(f.t(21, "image/jpeg"))]
        let expected = Scenario(
            name: "pausing and resuming an upload delivers every byte",
            id: "suite/file/pausing-and-resuming-an-upload-delivers-every-byte", location: f.at(1, 1),
            tags: ["upload", "pause-resume"], covers: ["upload-files/manage-uploads"], targets: [.reference],
            given: Given(
                objects: [
                    FixtureObject(name: "wrongPrefix//sadItem", data: .text("sad"), location: f.at(7, 5)),
                    FixtureObject(
                        name: "photos/a.jpg", data: .random(size: 4096, seed: 1),
                        metadata: ObjectMetadataFields(contentType: "image/jpeg"),
                        location: f.at(8, 5)),
                ], user: .signedIn("alice")),
            steps: [
                Step(
                    action: .put(
                        .path(f.t(11, "images/rivers.jpg")), source: .data(.random(size: 1_048_576, seed: 7)),
                        metadata: MetadataValues(fields: [.contentType: f.t(13, "image/jpeg")]), chunkSize: nil),
                    name: "upload", location: f.at(11, "put")),
                Step(action: .pause(task: "upload"), trigger: .progressBytes(262_144), location: f.at(15, "pause")),
                Step(action: .resume(task: "upload"), location: f.at(17, "resume")),
                Step(action: .await(task: "upload"), expectation: expectation, location: f.at(18, "await")),
            ])
        #expect(scenarios == [expected])
    }

    @Test func references() throws {
        let f = stepsFixture(
            """
            - ref: images/space.jpg                  # reference(withPath:)
              as: space
              expect: { fullPath: images/space.jpg, name: space.jpg, bucket: $bucket }
            - ref: { from: $space, chain: [parent, { child: earth.jpg }] }
              expect: { fullPath: images/earth.jpg }
            - ref: { from: $space, chain: [root, parent] }
              expect: nil                            # parent() of the root returns nil
            - ref: { url: "gs://$bucket/images/stars.jpg" }    # reference(forURL:), gs:// or http(s)://
            - ref: { url: "gs://another-bucket/x" }
              expect: { error: bucketMismatch }
            """)
        let steps = try f.steps()
        var first = Expectation(location: f.at(5, "{"))
        first.fullPath = f.t(5, "images/space.jpg")
        first.name = Template(parsing: "space.jpg", at: f.at(5, f.at(5, "name: ").column + 6))
        first.bucket = f.t(5, "$bucket")
        var second = Expectation(location: f.at(7, "{"))
        second.fullPath = f.t(7, "images/earth.jpg")
        var third = Expectation(location: f.at(9, "nil"))
        third.isNil = true
        var fifth = Expectation(location: f.at(12, "{"))
        fifth.error = ErrorExpectation(code: .bucketMismatch)
        #expect(
            steps == [
                Step(
                    action: .ref(.path(f.t(3, "images/space.jpg"))), name: "space", expectation: first,
                    location: f.at(3, "ref")),
                Step(
                    action: .ref(.chain(from: "space", links: [.parent, .child(f.t(6, "earth.jpg"))])),
                    expectation: second,
                    location: f.at(6, "ref")),
                Step(
                    action: .ref(.chain(from: "space", links: [.root, .parent])), expectation: third,
                    location: f.at(8, "ref")),
                Step(
                    action: .ref(.url(f.t(10, "gs://$bucket/images/stars.jpg", written: "\"gs"))),
                    location: f.at(10, "ref")),
                Step(
                    action: .ref(.url(f.t(11, "gs://another-bucket/x", written: "\"gs"))), expectation: fifth,
                    location: f.at(11, "ref")),
            ])
        #expect(
            steps[3].action
                == .ref(
                    .url(
                        Template(
                            parts: [.literal("gs://"), .variable("bucket", fields: []), .literal("/images/stars.jpg")],
                            location: f.at(10, "\"gs")))))
    }

    @Test func transfers() throws {
        let f = stepsFixture(
            """
            - put: images/rivers.jpg                 # putData
              data: { text: "Hello Swift World" }
              metadata: { contentType: text/plain, customMetadata: { k: v } }   # optional
              chunkSize: 256KiB                      # optional; the client's upload chunk size
              as: up                                 # optional
            - put: images/mountains.jpg              # putFile; content type inferred from the file name
              file: fixtures/mountains.jpg           # relative to the scenario file; a missing file is a case to test
            - getData: images/island.jpg             # getData(maxSize:)
              maxSize: 1MiB
            - write: images/island.jpg               # write(toFile:), into a scratch directory of the run
              toFile: island.jpg
            - pause: up                              # also resume:, cancel:
              when: { progress: 256KiB }             # optional trigger, see below
            - await: up                              # wait for the task's terminal event
            """)
        // The page's example pauses a 17-byte upload at 256KiB, which lint rightly warns is never met.
        let steps = try f.steps(allowingWarnings: true)
        #expect(
            steps == [
                Step(
                    action: .put(
                        .path(f.t(3, "images/rivers.jpg")), source: .data(.text("Hello Swift World")),
                        metadata: MetadataValues(
                            fields: [.contentType: f.t(5, "text/plain")],
                            customMetadata: ["k": f.t(5, "v", written: "v }")]),
                        chunkSize: 262_144),
                    name: "up", location: f.at(3, "put")),
                Step(
                    action: .put(
                        .path(f.t(8, "images/mountains.jpg")), source: .file(f.t(9, "fixtures/mountains.jpg")),
                        metadata: nil, chunkSize: nil), location: f.at(8, "put")),
                Step(
                    action: .getData(.path(f.t(10, "images/island.jpg")), maxSize: 1_048_576),
                    location: f.at(10, "getData")),
                Step(
                    action: .write(.path(f.t(12, "images/island.jpg")), toFile: f.t(13, "island.jpg")),
                    location: f.at(12, "write")),
                Step(action: .pause(task: "up"), trigger: .progressBytes(262_144), location: f.at(14, "pause")),
                Step(action: .await(task: "up"), location: f.at(16, "await")),
            ])
    }

    @Test func eventPatternOfThePage() throws {
        let f = stepsFixture(
            """
            - put: a
              data: { zeros: 1MiB }
              expect:
                events: "resume progress+ pause resume progress{1,8} success"
            """)
        let steps = try f.steps()
        let pattern = try #require(steps.first?.expectation?.events)
        #expect(pattern.description == "resume progress+ pause resume progress{1,8} success")
        #expect(pattern.items[4] == EventPattern.Item(event: .init(status: .progress), minimum: 1, maximum: 8))
    }

    @Test func observers() throws {
        let f = stepsFixture(
            """
            - put: a
              data: { zeros: 1MiB }
              as: up
            - observe: { task: up, status: progress, as: h1 }
            - removeObserver: { task: up, handle: h1 }
            - removeAllObservers: { task: up, status: progress }   # without status: all of them
            - removeAllObservers: { task: $up }
            - await: up
              expect: { observer: { h1: "" } }
            """)
        let steps = try f.steps()
        #expect(
            steps[1] == Step(action: .observe(task: "up", status: .progress), name: "h1", location: f.at(6, "observe")))
        #expect(steps[2].action == .removeObserver(task: "up", handle: "h1"))
        #expect(steps[3].action == .removeAllObservers(task: "up", status: .progress))
        #expect(steps[4].action == .removeAllObservers(task: "up", status: nil))
        let observers = try #require(steps[5].expectation?.observers)
        #expect(observers.map(\.handle) == ["h1"])
        #expect(observers.map(\.pattern) == [EventPattern(items: [])])
    }

    @Test func otherOperations() throws {
        let f = stepsFixture(
            """
            - list: files/uid
              maxResults: 2
              as: page1
            - downloadURL: images/stars.jpg
              expect: { matches: "^https?://[^/]+/v0/b/[^/]+/o/images%2Fstars.jpg\\\\?alt=media&token=.+$" }
            - list: files/uid                        # list(maxResults:pageToken:)
              maxResults: 2
              pageToken: $page1.pageToken            # optional
              as: page2
              expect: { prefixes: [files/uid/sub], items: [files/uid/a, files/uid/b], pageToken: absent }
            - listAll: files/uid
              expect: { prefixes: [], items: [files/uid/a] }
            - getMetadata: images/a.jpg
              expect: { metadata: { contentType: image/jpeg, size: 4096 } }
            - updateMetadata: images/a.jpg
              metadata: { cacheControl: "max-age=60", customMetadata: { k: null } }
            - delete: images/a.jpg
            """)
        let steps = try f.steps()
        var url = Expectation(location: f.at(7, "{"))
        url.matches = Template(
            parts: [.literal("^https?://[^/]+/v0/b/[^/]+/o/images%2Fstars.jpg\\?alt=media&token=.+$")],
            location: f.at(7, "\"^"))
        var page = Expectation(location: f.at(12, "{"))
        page.prefixes = [f.t(12, "files/uid/sub")]
        page.items = [f.t(12, "files/uid/a"), f.t(12, "files/uid/b")]
        page.pageToken = .absent
        var all = Expectation(location: f.at(14, "{"))
        all.prefixes = []
        all.items = [f.t(14, "files/uid/a")]
        var metadata = Expectation(location: f.at(16, "{"))
        metadata.metadata = ["contentType": .string(f.t(16, "image/jpeg")), "size": .int(4096)]
        #expect(
            steps == [
                Step(
                    action: .list(.path(f.t(3, "files/uid")), maxResults: 2, pageToken: nil), name: "page1",
                    location: f.at(3, "list")),
                Step(
                    action: .downloadURL(.path(f.t(6, "images/stars.jpg"))), expectation: url,
                    location: f.at(6, "downloadURL")),
                Step(
                    action: .list(.path(f.t(8, "files/uid")), maxResults: 2, pageToken: f.t(10, "$page1.pageToken")),
                    name: "page2",
                    expectation: page, location: f.at(8, "list")),
                Step(action: .listAll(.path(f.t(13, "files/uid"))), expectation: all, location: f.at(13, "listAll")),
                Step(
                    action: .getMetadata(.path(f.t(15, "images/a.jpg"))), expectation: metadata,
                    location: f.at(15, "getMetadata")),
                Step(
                    action: .updateMetadata(
                        .path(f.t(17, "images/a.jpg")),
                        MetadataValues(
                            fields: [.cacheControl: f.t(18, "max-age=60", written: "\"max")], customMetadata: ["k": nil]
                        )),
                    location: f.at(17, "updateMetadata")),
                Step(action: .delete(.path(f.t(19, "images/a.jpg"))), location: f.at(19, "delete")),
            ])
        #expect(
            steps[2].action
                == .list(
                    .path(f.t(8, "files/uid")), maxResults: 2,
                    pageToken: Template(parts: [.variable("page1", fields: ["pageToken"])], location: f.at(10, "$"))))
    }

    @Test func errors() throws {
        let f = stepsFixture(
            """
            - getData: a
              maxSize: 1MiB
              expect: { error: objectNotFound }
            - getData: a
              maxSize: 1MiB
              expect: { error: -13010 }
            - getData: a
              maxSize: 1MiB
              expect: { error: "-13010" }
            - delete: a
              expect: { error: { code: unauthorized, message: "User does not have permission" } }
            - delete: a
              expect: { error: { code: unauthorized, message: "/permission to access '.*'/" } }
            """)
        let errors = try f.steps().map { $0.expectation?.error }
        #expect(errors[0] == ErrorExpectation(code: .objectNotFound))
        #expect(errors[1] == ErrorExpectation(code: .objectNotFound))
        #expect(errors[2] == ErrorExpectation(code: .objectNotFound))
        #expect(
            errors[3]
                == ErrorExpectation(
                    code: .unauthorized,
                    message: .substring(f.t(13, "User does not have permission", written: "\"User"))))
        #expect(errors[4] == ErrorExpectation(code: .unauthorized, message: .regex("permission to access '.*'")))
    }

    @Test func rulesAndUsers() throws {
        let f = Fixture(
            """
            scenario: rules
            given:
              rules:
                version: 2                  # 1 makes every list fail with unauthorized (seed: list files)
                allow:                      # a request is allowed when any entry allows it; default: allow all
                  - { path: "ios/public/**", ops: [read, write, list] }
                  - { path: "ios/private/**", ops: [] }
                  - { path: "*", ops: [read], if: signedIn }
              user: none
            steps:
              - delete: a
            """)
        let given = try #require(try f.scenarios().first).given
        #expect(
            given.rules
                == StorageRules(
                    version: 2,
                    entries: [
                        .init(path: "ios/public/**", operations: [.read, .write, .list]),
                        .init(path: "ios/private/**", operations: []),
                        .init(path: "*", operations: [.read], requiresSignIn: true),
                    ]))
        #expect(given.user == .signedOut)
    }

    @Test func usersAndRuleDefaults() throws {
        let f = Fixture(
            """
            scenario: one
            given: { user: invalid, rules: { version: 1 } }
            steps: [{ delete: a }]
            ---
            scenario: two
            given: { user: bob }
            steps: [{ delete: a }]
            ---
            scenario: three
            steps: [{ delete: a }]
            """)
        let scenarios = try f.scenarios()
        #expect(scenarios.map(\.given.user) == [.invalidToken, .signedIn("bob"), .signedIn("alice")])
        #expect(scenarios[0].given.rules == StorageRules(version: 1, entries: StorageRules.allowAll.entries))
        #expect(scenarios[1].given.rules == nil)
        #expect(scenarios.map(\.id) == ["suite/file/one", "suite/file/two", "suite/file/three"])
        #expect(scenarios[2].targets == nil)
    }

    @Test func expectationsManifestIsNotAScenarioFile() {
        // The page's manifest format belongs to --expectations, not to scenario files: decoding it reports
        // its keys instead of misreading it.
        let f = Fixture(
            """
            target: firebase-emulator
            failures:
              list/paging/prefixes-count-toward-max-results: the emulator pages items only
            """)
        let messages = f.messages()
        #expect(messages.contains { $0.hasPrefix("1:1: unknown key \"target\" for a scenario") })
    }
}

import ScenarioLanguage
import StorageAPI
import Testing

/// Sizes, data sources, triggers and event patterns, read through scenario files.
@Suite("Sizes, data sources, triggers and event patterns")
struct ValueDecodingTests {
    static let sizesTable: [(written: String, bytes: Int64)] = [
        ("17", 17), ("'17'", 17), ("0", 0), ("0x10", 16), ("10B", 10), ("256KiB", 262_144), ("1MiB", 1_048_576),
        ("2GiB", 2_147_483_648), ("1KB", 1000), ("1.5MB", 1_500_000), ("1.50MB", 1_500_000), ("3GB", 3_000_000_000),
        ("1.5KiB", 1536), ("1 MiB", 1_048_576), ("9223372036854775807", .max),
        ("'8589934591.999999999GB'", 8_589_934_591_999_999_999),
    ]

    @Test(arguments: sizesTable)
    func sizes(_ written: String, _ bytes: Int64) throws {
        let steps = try stepsFixture("- getData: a\n  maxSize: \(written)").steps()
        #expect(
            steps.first?.action
                == .getData(.path(Template.literal("a", at: stepsFixture("").at(3, 14))), maxSize: bytes))
    }

    static let patternsTable: [(written: String, description: String)] = [
        ("\"\"", "\"\""),
        ("[]", "\"\""),
        ("\"resume progress+ success\"", "resume progress+ success"),
        ("[resume, progress+, success]", "resume progress+ success"),
        ("[\"resume progress*\", success]", "resume progress* success"),
        (
            "\"pause? progress{2} progress{3,} progress{1,8} success\"",
            "pause? progress{2} progress{3,} progress{1,8} success"
        ),
        ("\"failure(cancelled)\"", "failure(cancelled)"),
        ("\"failure(-13040)\"", "failure(cancelled)"),
        ("\"resume failure(objectNotFound)?\"", "resume failure(objectNotFound)?"),
        ("\"progress{0,1} progress{1}\"", "progress? progress"),
        ("\"  resume\\tsuccess \"", "resume success"),
        (
            "\"resume progress(256KiB/1MiB) progress(*/1MiB)+ success(1048576/*)\"",
            "resume progress(262144/1048576) progress(*/1048576)+ success(1048576/*)"
        ),
    ]

    @Test(arguments: patternsTable)
    func eventPatterns(_ written: String, _ description: String) throws {
        let steps = try stepsFixture("- put: a\n  data: { empty: true }\n  expect: { events: \(written) }").steps()
        let pattern = try #require(steps.first?.expectation?.events)
        #expect(pattern.description == description)
    }

    @Test func eventPatternItemsCarryCountsAndCodes() throws {
        let steps = try stepsFixture(
            "- put: a\n  data: { empty: true }\n  expect: { events: \"progress{3,} failure(-13040)\" }"
        ).steps()
        let pattern = try #require(steps.first?.expectation?.events)
        #expect(
            pattern.items == [
                EventPattern.Item(event: .init(status: .progress), minimum: 3, maximum: nil),
                EventPattern.Item(event: .init(status: .failure, code: .cancelled)),
            ])
    }

    @Test func snapshotItemsMatchOnlyTheirBytes() throws {
        let steps = try stepsFixture(
            "- put: a\n  data: { empty: true }\n  expect: { events: \"resume progress(1KiB/*)+ success\" }"
        ).steps()
        let pattern = try #require(steps.first?.expectation?.events)
        let progress = { (done: Int64) in EventPattern.Event(status: .progress, completed: done, total: 4096) }
        #expect(pattern.matches([.init(status: .resume), progress(1024), progress(1024), .init(status: .success)]))
        #expect(!pattern.matches([.init(status: .resume), progress(2048), .init(status: .success)]))
    }

    @Test func metadataMatchers() throws {
        let steps = try stepsFixture(
            """
            - getMetadata: a
              as: first
            - getMetadata: a
              expect:
                metadata:
                  md5Hash: { present: true }
                  contentLanguage: { present: false }
                  timeCreated: /^2\\d{3}-/
                  generation: { not: $first.generation }
                  customMetadata: { k: /v+/, gone: { not: { present: true } } }
            """
        ).steps()
        let metadata = try #require(steps.last?.expectation?.metadata)
        #expect(metadata["md5Hash"] == .present)
        #expect(metadata["contentLanguage"] == .null)
        #expect(metadata["timeCreated"] == .regex("^2\\d{3}-"))
        guard case .not(.string(let template))? = metadata["generation"] else {
            Issue.record("generation: \(String(describing: metadata["generation"]))")
            return
        }
        #expect(template.variableNames == ["first"])
        #expect(
            metadata["customMetadata"]
                == .map([ExpectedEntry("k", .regex("v+")), ExpectedEntry("gone", .not(.present))]))
    }

    static let triggersTable: [(written: String, trigger: Trigger)] = [
        ("{ progress: 256KiB }", .progressBytes(262_144)),
        ("{ progress: 0 }", .progressBytes(0)),
        ("{ progress: 100 }", .progressBytes(100)),
        ("{ progress: 50% }", .progressPercent(50)),
        ("{ progress: \"12.5%\" }", .progressPercent(12.5)),
        ("{ progress: 100% }", .progressPercent(100)),
        ("{ event: resume }", .event(.resume)),
        ("{ event: progress }", .event(.progress)),
        ("{ event: pause }", .event(.pause)),
        ("{ event: success }", .event(.success)),
        ("{ event: failure }", .event(.failure)),
    ]

    @Test(arguments: triggersTable)
    func triggers(_ written: String, _ trigger: Trigger) throws {
        let steps = try stepsFixture("- put: a\n  data: { zeros: 1MiB }\n  as: up\n- cancel: $up\n  when: \(written)")
            .steps()
        #expect(steps[1].action == .cancel(task: "up"))
        #expect(steps[1].trigger == trigger)
    }

    static let dataSourcesTable: [(written: String, source: DataSource)] = [
        ("{ text: \"Hello\" }", .text("Hello")),
        ("{ text: \"\" }", .text("")),
        ("{ base64: \"SGVsbG8=\" }", .base64(Array("Hello".utf8))),
        ("{ base64: SGVsbG8 }", .base64(Array("Hello".utf8))),
        ("{ base64: \"SGVs bG8h\" }", .base64(Array("Hello!".utf8))),
        ("{ base64: \"\" }", .base64([])),
        ("{ base64: \"/+8=\" }", .base64([0xFF, 0xEF])),
        ("{ random: 1MiB }", .random(size: 1_048_576, seed: 0)),
        ("{ random: 4KiB, seed: 7 }", .random(size: 4096, seed: 7)),
        ("{ random: 2GiB }", .random(size: 2_147_483_648, seed: 0)),
        ("{ zeros: 1KB }", .zeros(1000)),
        ("{ empty: true }", .empty),
    ]

    @Test(arguments: dataSourcesTable)
    func dataSources(_ written: String, _ source: DataSource) throws {
        let steps = try stepsFixture("- put: a\n  data: \(written)").steps()
        guard case .put(_, let upload, _, _)? = steps.first?.action else {
            Issue.record("not a put")
            return
        }
        #expect(upload == .data(source))
    }

    @Test func base64InABlockScalarIgnoresLineBreaks() throws {
        let steps = try stepsFixture("- put: a\n  data:\n    base64: |\n      SGVs\n      bG8=\n").steps()
        guard case .put(_, .data(let source), _, _)? = steps.first?.action else {
            Issue.record("not a put with data")
            return
        }
        #expect(source == .base64(Array("Hello".utf8)))
    }

    @Test func expectedDataSizeHashAndProgress() throws {
        let hash = String(repeating: "aB", count: 32)
        let steps = try stepsFixture(
            "- getData: a\n  maxSize: 1MiB\n  expect: { data: { zeros: 4 }, size: 4KiB, sha256: \(hash), progress: { completed: 4, total: 1KiB } }"
        ).steps()
        let expectation = try #require(steps.first?.expectation)
        #expect(expectation.data == .zeros(4))
        #expect(expectation.size == 4096)
        #expect(expectation.sha256 == hash.lowercased())
        #expect(expectation.progress?.completed == 4)
        #expect(expectation.progress?.total == 1024)
    }

    @Test func metadataForPutAndUpdate() throws {
        let f = stepsFixture(
            """
            - put: a
              data: { empty: true }
              metadata: { cacheControl: no-cache, contentDisposition: inline, contentEncoding: gzip, contentLanguage: en, contentType: text/plain, customMetadata: { k: v } }
            - updateMetadata: a
              metadata: { contentType: null, customMetadata: null }
            - updateMetadata: a
              metadata: {}
            """)
        let steps = try f.steps()
        guard case .put(_, _, let metadata?, _) = steps[0].action else {
            Issue.record("put without metadata")
            return
        }
        #expect(Set(metadata.fields.keys) == Set(MetadataField.allCases))
        #expect(metadata.customMetadata == ["k": f.t(5, "v", written: "v }")])
        #expect(
            steps[1].action
                == .updateMetadata(
                    .path(f.t(6, "a", after: "updateMetadata: ")),
                    MetadataValues(fields: [.contentType: nil], removesAllCustomMetadata: true)))
        #expect(steps[2].action == .updateMetadata(.path(f.t(8, "a", after: "updateMetadata: ")), MetadataValues()))
    }

    @Test func expectedMetadataValues() throws {
        let f = stepsFixture(
            """
            - put: a
              data: { empty: true }
              as: up
            - getMetadata: a
              expect:
                metadata:
                  size: 1KiB
                  generation: $up.metadata.generation
                  metageneration: 1
                  contentType: null
                  customMetadata: { k: v, gone: null }
            - getMetadata: a
              expect: { metadata: { customMetadata: null, size: "$up.metadata.size" } }
            """)
        let steps = try f.steps()
        let metadata = try #require(steps[1].expectation?.metadata)
        #expect(metadata["size"] == .int(1024))
        #expect(metadata["generation"] == .string(f.t(10, "$up.metadata.generation")))
        #expect(metadata["metageneration"] == .int(1))
        #expect(metadata["contentType"] == .null)
        #expect(
            metadata["customMetadata"]
                == .map([ExpectedEntry("k", .string(f.t(13, "v"))), ExpectedEntry("gone", .null)]))
        let second = try #require(steps[2].expectation?.metadata)
        #expect(second["customMetadata"] == .null)
        #expect(second["size"] == .string(f.t(15, "$up.metadata.size", written: "\"$")))
    }

    @Test func listOptionsAndPageTokens() throws {
        let f = stepsFixture(
            """
            - list: a
              maxResults: 0
              as: p
            - list: a
              maxResults: 1001
              pageToken: $p.pageToken
              expect: { pageToken: present }
            - list: a
              maxResults: -1
              expect: { pageToken: "literal" }
            """)
        let steps = try f.steps()
        #expect(steps[0].action == .list(.path(f.t(3, "a", after: "list: ")), maxResults: 0, pageToken: nil))
        #expect(steps[1].expectation?.pageToken == .present)
        #expect(steps[2].action == .list(.path(f.t(10, "a", after: "list: ")), maxResults: -1, pageToken: nil))
        #expect(steps[2].expectation?.pageToken == .equals(f.t(12, "literal", written: "\"literal")))
    }

    @Test func fixtureObjectsKeepRawNamesAndMetadata() throws {
        let f = Fixture(
            """
            scenario: fixtures
            given:
              objects:
                "a//$b": { text: x, cacheControl: no-store, customMetadata: { k: v } }
                z: { empty: true }
            steps: [{ delete: z }]
            """)
        let objects = try #require(try f.scenarios().first).given.objects
        #expect(
            objects == [
                FixtureObject(
                    name: "a//$b", data: .text("x"),
                    metadata: ObjectMetadataFields(cacheControl: "no-store", customMetadata: ["k": "v"]),
                    location: f.at(4, 5)),
                FixtureObject(name: "z", data: .empty, location: f.at(5, 5)),
            ])
    }

    @Test func tagsCoversAndTargetsTakeOneStringOrAList() throws {
        let f = Fixture(
            """
            scenario: one
            tags: upload
            covers: [a/b, c]
            targets: http
            steps: [{ delete: a }]
            ---
            scenario: two
            tags:
            covers:
            targets: [reference, http, reference]
            steps: [{ delete: a }]
            """)
        let scenarios = try f.scenarios()
        #expect(scenarios.map(\.tags) == [["upload"], []])
        #expect(scenarios.map(\.covers) == [["a/b", "c"], []])
        #expect(scenarios.map(\.targets) == [[.http], [.reference, .http]])
    }

    @Test func observeMayBeNamedNextToItsMapping() throws {
        let steps = try stepsFixture(
            "- put: a\n  data: { empty: true }\n  as: up\n- observe: { task: $up, status: success }\n  as: done"
        ).steps()
        #expect(steps[1].name == "done")
        #expect(steps[1].action == .observe(task: "up", status: .success))
    }
}

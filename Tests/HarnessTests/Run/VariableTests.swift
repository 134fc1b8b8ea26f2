import Harness
import Targets
import Testing

/// `$NAME`, `$NAME.field`, `$NAME` inside strings, `$bucket` and `$$`.
@Suite("Runner: variables")
struct VariableTests {
    @Test func bucketIsTheScenariosOwnBucket() throws {
        let bucket = ScenarioBucket.name(for: "suite/file/s")
        expectPassed(
            try runSteps(
                """
                - ref: a.txt
                  expect: { bucket: \(bucket), description: "gs://\(bucket)/a.txt" }
                - ref: { url: "gs://$bucket/a.txt" }
                  expect: { fullPath: a.txt, bucket: $bucket }
                """))
    }

    @Test func aNamedReferenceStandsForItsObject() throws {
        expectPassed(
            try runSteps(
                """
                - ref: images/a.jpg
                  as: a
                - put: $a
                  data: { text: a }
                - getMetadata: $a
                  expect: { metadata: { path: images/a.jpg, name: a.jpg } }
                - ref: { from: $a, chain: [parent] }
                  expect: { fullPath: images }
                - delete: $a
                """))
    }

    @Test func fieldsOfEveryKindOfValue() throws {
        expectPassed(
            try runSteps(
                """
                - put: images/a.jpg
                  data: { text: a }
                  metadata: { customMetadata: { owner: alice } }
                  as: up
                - await: up
                - getMetadata: images/a.jpg
                  as: meta
                  expect: { metadata: { generation: $up.metadata.generation, md5Hash: $up.metadata.md5Hash } }
                - ref: images/a.jpg
                  as: a
                - put: copies/$a.name
                  data: { text: copy }
                  metadata: { contentType: "image/$meta.customMetadata.owner" }
                  expect: { metadata: { path: copies/a.jpg, contentType: image/alice } }
                - getMetadata: "owners/$meta.customMetadata.owner"
                  expect: { error: { code: objectNotFound, message: "owners/alice" } }
                - put: others/x
                  data: { text: x }
                - put: others/y
                  data: { text: y }
                - list: others
                  maxResults: 1
                  as: page1
                - list: others
                  maxResults: 1
                  pageToken: $page1.pageToken
                  expect: { items: [others/y] }
                - ref: { url: "gs://$bucket/$a" }
                  expect: { equals: $a, fullPath: $a.fullPath, description: $a.description }
                """))
    }

    /// `$$` in a template is one `$`; a `$` before anything but a letter or `_` is itself. Data text is
    /// not a template: it is sent as written.
    @Test func dollarSignsThatAreNotNames() throws {
        expectPassed(
            try runSteps(
                """
                - put: "prices/$$5"
                  data: { text: "$$" }
                  expect: { metadata: { path: "prices/$$5", name: "$$5", size: 2 } }
                - put: "costs/$5"
                  data: { text: "a $ b" }
                  expect: { metadata: { path: "costs/$5", size: 5 } }
                - listAll: prices
                  expect: { items: ["prices/$$5"] }
                - getData: "prices/$$5"
                  maxSize: 1KiB
                  expect: { data: { text: "$$" } }
                """))
    }

    @Test func aFieldAValueDoesNotHaveErrsTheScenario() throws {
        let report = try runSteps(
            """
            - getMetadata: a.txt
              as: meta
            - put: b/$meta.customMetadata.missing
              data: { text: b }
            """,
            given: "objects:\n  a.txt: { text: a }")
        #expect(report.outcome.kind == "errored")
        #expect(report.outcome.failure?.type == .unknownField)
        #expect(report.outcome.failure?.message == "$meta (metadata) has no field customMetadata.missing")
    }
}

import Foundation
import Harness
import ScenarioLanguage
import Testing

/// Every verb of the language, used as documented, passes against the reference.
@Suite("Runner: verbs")
struct VerbTests {
    /// A scenario exercising one verb (and whatever it needs).
    struct Case: Sendable, CustomTestStringConvertible {
        let verb: String
        let steps: String
        var given: String?

        var testDescription: String { verb }
    }

    static let cases: [Case] = [
        Case(
            verb: "ref",
            steps: """
                - ref: images/space.jpg
                  as: space
                  expect: { fullPath: images/space.jpg, name: space.jpg, bucket: $bucket, description: "gs://$bucket/images/space.jpg" }
                - ref: { from: $space, chain: [parent, { child: earth.jpg }] }
                  as: earth
                  expect: { fullPath: images/earth.jpg, name: earth.jpg }
                - ref: { from: $space, chain: [root, parent] }
                  expect: nil
                - ref: { chain: [{ child: images }, { child: earth.jpg }] }
                  expect: { equals: $earth }
                - ref: { url: "gs://$bucket/images/earth.jpg" }
                  expect: { equals: $earth }
                - ref: { url: "gs://another-bucket/x" }
                  expect: { error: bucketMismatch }
                """),
        Case(
            verb: "put",
            steps: """
                - put: notes/hello.txt
                  data: { text: "Hello Swift World" }
                  metadata: { contentType: text/plain, cacheControl: no-store, customMetadata: { k: v } }
                  chunkSize: 256KiB
                  expect:
                    events: "resume progress success"
                    metadata: { name: hello.txt, path: notes/hello.txt, bucket: $bucket, size: 17, contentType: text/plain, cacheControl: no-store, customMetadata: { k: v }, metageneration: 1 }
                    progress: { completed: 17, total: 17 }
                - put: big.bin
                  data: { random: 1MiB, seed: 3 }
                  chunkSize: 512KiB
                  expect: { events: "resume progress{2} success", metadata: { size: 1048576, contentType: application/octet-stream } }
                - put: empty.bin
                  data: { empty: true }
                - put: zeros.bin
                  data: { zeros: 1KiB }
                - put: b64.bin
                  data: { base64: "AAEC/w==" }
                  expect: { metadata: { size: 4 } }
                """),
        Case(
            verb: "getData",
            steps: """
                - getData: notes/hello.txt
                  maxSize: 1MiB
                  expect: { data: { text: "Hello Swift World" }, size: 17, sha256: bf59264f7c05c4e401fcba8f29d79e7a4cf951397ab42e00afa023d2641b254a }
                """,
            given: "objects:\n  notes/hello.txt: { text: \"Hello Swift World\" }"),
        Case(
            verb: "getData (too large)",
            steps: """
                - getData: notes/hello.txt
                  maxSize: 4
                  expect: { error: downloadSizeExceeded }
                - getData: nothing/here
                  maxSize: 4
                  expect: { error: objectNotFound, events: "resume failure(objectNotFound)" }
                """,
            given: "objects:\n  notes/hello.txt: { text: \"Hello Swift World\" }"),
        Case(
            verb: "write",
            steps: """
                - write: data/random.bin
                  toFile: copies/random.bin
                  expect: { data: { random: 300KiB, seed: 9 }, size: 307200, events: "resume progress+ success" }
                """,
            given: "objects:\n  data/random.bin: { random: 300KiB, seed: 9 }"),
        Case(
            verb: "pause and resume",
            steps: """
                - put: a.bin
                  data: { zeros: 1MiB }
                  as: up
                - pause: up
                  when: { progress: 256KiB }
                - resume: up
                - await: up
                  expect: { events: "resume progress pause resume progress{3} success", metadata: { size: 1048576 } }
                """),
        Case(
            verb: "cancel",
            steps: """
                - put: a.bin
                  data: { zeros: 1MiB }
                  as: up
                - cancel: up
                  when: { progress: 512KiB }
                - await: up
                  expect: { events: "resume progress{2} failure(cancelled)", error: cancelled }
                - getMetadata: a.bin
                  expect: { error: objectNotFound }
                """),
        Case(
            verb: "await",
            steps: """
                - getData: a.txt
                  maxSize: 1KiB
                  as: down
                - await: down
                  expect: { data: { text: a }, progress: { completed: 1, total: 1 } }
                """,
            given: "objects:\n  a.txt: { text: a }"),
        Case(
            verb: "observe, removeObserver, removeAllObservers",
            steps: """
                - put: a.bin
                  data: { zeros: 1MiB }
                  as: up
                - observe: { task: up, status: progress, as: every }
                - observe: { task: up, status: success, as: done }
                - observe: { task: up, status: pause, as: removed }
                - removeObserver: { task: up, handle: removed }
                - observe: { task: up, status: resume, as: gone }
                - observe: { task: up, status: failure, as: alsoGone }
                - removeAllObservers: { task: up, status: resume }
                - observe: { task: up, status: resume, as: late }
                - removeAllObservers: { task: up, status: failure }
                - await: up
                  expect:
                    events: "resume progress{4} success"
                    observer: { every: "progress{4}", done: success, removed: "", gone: "", alsoGone: "", late: resume }
                - put: b.bin
                  data: { zeros: 1KiB }
                  as: second
                - observe: { task: second, status: progress, as: cleared }
                - removeAllObservers: { task: second }
                - await: second
                  expect: { observer: { cleared: "" } }
                """),
        Case(
            verb: "downloadURL",
            steps: """
                - downloadURL: images/stars.jpg
                  as: url
                  expect: { matches: "^https?://[^/]+/v0/b/$bucket/o/images%2Fstars.jpg\\\\?alt=media&token=.+$" }
                - downloadURL: images/none.jpg
                  expect: { error: objectNotFound }
                """,
            given: "objects:\n  images/stars.jpg: { text: \"*\" }"),
        Case(
            verb: "list",
            steps: """
                - list: files/uid
                  maxResults: 2
                  as: page1
                  expect: { items: [files/uid/a, files/uid/b], pageToken: present }
                - list: files/uid
                  maxResults: 2
                  pageToken: $page1.pageToken
                  expect: { items: [files/uid/c], pageToken: absent }
                - list: files
                  expect: { prefixes: [files/uid], items: [], pageToken: absent }
                """,
            given: "objects:\n  files/uid/a: { text: a }\n  files/uid/b: { text: b }\n  files/uid/c: { text: c }"),
        Case(
            verb: "listAll",
            steps: """
                - listAll: files/uid
                  expect: { prefixes: [files/uid/sub], items: [files/uid/a, files/uid/b] }
                - listAll: ""
                  expect: { prefixes: [files], items: [] }
                """,
            given: "objects:\n  files/uid/a: { text: a }\n  files/uid/b: { text: b }\n  files/uid/sub/c: { text: c }"),
        Case(
            verb: "getMetadata, updateMetadata",
            steps: """
                - getMetadata: images/a.jpg
                  as: before
                  expect: { metadata: { contentType: image/jpeg, size: 4096, metageneration: 1, customMetadata: { k: v, keep: kept } } }
                - updateMetadata: images/a.jpg
                  metadata: { cacheControl: "max-age=60", customMetadata: { k: null } }
                  expect: { metadata: { cacheControl: "max-age=60", metageneration: 2, generation: $before.generation, customMetadata: { keep: kept, k: null } } }
                - updateMetadata: images/a.jpg
                  metadata: { cacheControl: null, customMetadata: null }
                  expect: { metadata: { cacheControl: null, customMetadata: null, metageneration: 3 } }
                - getMetadata: images/none.jpg
                  expect: { error: objectNotFound }
                """,
            given:
                "objects:\n  images/a.jpg: { random: 4KiB, seed: 1, contentType: image/jpeg, customMetadata: { k: v, keep: kept } }"
        ),
        Case(
            verb: "delete",
            steps: """
                - delete: images/a.jpg
                - getMetadata: images/a.jpg
                  expect: { error: objectNotFound }
                - delete: images/a.jpg
                  expect: { error: { code: objectNotFound, message: "/does not exist|not found/" } }
                """,
            given: "objects:\n  images/a.jpg: { text: a }"),
    ]

    @Test(arguments: cases)
    func verbPasses(_ testCase: Case) throws {
        expectPassed(try runSteps(testCase.steps, given: testCase.given))
    }

    /// `put: … file:` reads a file relative to the scenario file; a missing file fails the task without a
    /// `resume`.
    @Test func putFileReadsRelativeToTheScenarioFile() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("verbs-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("fixtures"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("mountains".utf8).write(to: folder.appendingPathComponent("fixtures/mountains.jpg"))
        let text = ScenarioText.steps(
            """
            - put: images/mountains.jpg
              file: fixtures/mountains.jpg
              expect: { events: "resume progress success", metadata: { size: 9, contentType: image/jpeg } }
            - getData: images/mountains.jpg
              maxSize: 1KiB
              expect: { data: { text: mountains } }
            - put: images/missing.jpg
              file: fixtures/missing.jpg
              expect: { events: "failure(unknown)" }
            """)
        let report = try ScenarioText(text, path: folder.appendingPathComponent("file.yaml").path).runOnly()
        expectPassed(report)
    }

    /// The transcript lists every step with its line and every event of every task, in order.
    @Test func transcriptListsStepsAndEvents() throws {
        let report = try runSteps(
            """
            - put: a.txt
              data: { text: hi }
              as: up
            - await: up
            - getMetadata: a.txt
            """)
        expectPassed(report)
        let lines = report.transcript.split(separator: "\n").map(String.init)
        #expect(lines.first == "step 1 (line 3): put as up")
        #expect(lines.contains("step 2 (line 6): await"))
        #expect(lines.contains("    up: resume"))
        #expect(lines.contains("    up: progress(2/2)"))
        #expect(lines.contains("    up: success"))
        #expect(lines.contains { $0.hasPrefix("    → generation ") && $0.hasSuffix("metageneration 1, size 2") })
    }
}

import Foundation
import Harness
import ScenarioLanguage
import Testing

/// Every kind of expectation, not met, fails (or errors) the scenario with its own `Failure.type`, and the
/// detail shows expected and actual side by side, every task's events, the transcript and `FILE:LINE`.
@Suite("Runner: expectations not met")
struct ExpectationFailureTests {
    /// A scenario whose step marked `# fails` does not go as expected.
    struct Case: Sendable, CustomTestStringConvertible {
        let type: String
        let steps: String
        var kind = "failed"
        /// Whether the detail has an `expected:` line (some failures only show what happened).
        var showsExpected = true
        var note = ""

        var testDescription: String { note.isEmpty ? type : "\(type) (\(note))" }
    }

    /// Every scenario starts with this finished task, so every detail has events to show.
    static let seedSteps = """
        - put: seed.txt
          data: { text: seed }
          as: seed
        - await: seed
        """

    static let cases: [Case] = [
        Case(
            type: "EventMismatch",
            steps: """
                - put: a.txt  # fails
                  data: { text: hi }
                  expect: { events: "resume success" }
                """),
        Case(
            type: "EventMismatch",
            steps: """
                - getData: seed.txt  # fails
                  maxSize: 1KiB
                  expect: { events: "resume progress failure(objectNotFound)" }
                """, note: "a failure code that differs"),
        Case(
            type: "MissingError",
            steps: """
                - ref: { url: "gs://$bucket/x" }  # fails
                  expect: { error: bucketMismatch }
                """, note: "an operation"),
        Case(
            type: "MissingError",
            steps: """
                - put: a.txt  # fails
                  data: { text: hi }
                  expect: { error: cancelled }
                """, note: "a task"),
        Case(
            type: "WrongError",
            steps: """
                - getMetadata: none.txt  # fails
                  expect: { error: unauthorized }
                """, note: "an operation"),
        Case(
            type: "WrongError",
            steps: """
                - getData: none.txt  # fails
                  maxSize: 1KiB
                  expect: { error: downloadSizeExceeded }
                """, note: "a task"),
        Case(
            type: "WrongErrorMessage",
            steps: """
                - delete: none.txt  # fails
                  expect: { error: { code: objectNotFound, message: "no such luck" } }
                """),
        Case(
            type: "NoMatch",
            steps: """
                - getMetadata: none.txt  # fails
                  expect: { error: { code: objectNotFound, message: "/^nothing$/" } }
                """, note: "an error message"),
        Case(
            type: "NoMatch",
            steps: """
                - downloadURL: seed.txt  # fails
                  expect: { matches: "^ftp://" }
                """, note: "a download URL"),
        Case(
            type: "MetadataMismatch",
            steps: """
                - getMetadata: seed.txt  # fails
                  expect: { metadata: { contentType: image/png } }
                """, note: "getMetadata"),
        Case(
            type: "MetadataMismatch",
            steps: """
                - put: b.txt  # fails
                  data: { text: b }
                  metadata: { customMetadata: { k: v } }
                  expect: { metadata: { customMetadata: { k: w } } }
                """, note: "an upload's custom metadata"),
        Case(
            type: "MetadataMismatch",
            steps: """
                - updateMetadata: seed.txt  # fails
                  metadata: { cacheControl: no-store }
                  expect: { metadata: { cacheControl: null } }
                """, note: "a value expected absent"),
        Case(
            type: "MetadataMismatch",
            steps: """
                - put: c.txt
                  data: { text: c }
                  as: up
                - cancel: up
                - await: up  # fails
                  expect: { events: "failure(cancelled)", metadata: { size: 1 } }
                """, showsExpected: false, note: "a failed upload has no final metadata"),
        Case(
            type: "ListMismatch",
            steps: """
                - listAll: ""  # fails
                  expect: { items: [other.txt] }
                """, note: "items"),
        Case(
            type: "ListMismatch",
            steps: """
                - list: ""  # fails
                  expect: { prefixes: [x] }
                """, note: "prefixes"),
        Case(
            type: "ListMismatch",
            steps: """
                - list: ""  # fails
                  maxResults: 5
                  expect: { pageToken: present }
                """, note: "a page token expected"),
        Case(
            type: "ListMismatch",
            steps: """
                - put: second.txt
                  data: { text: s }
                - list: ""  # fails
                  maxResults: 1
                  expect: { pageToken: absent }
                """, note: "no page token expected"),
        Case(
            type: "ReferenceMismatch",
            steps: """
                - ref: images/a.jpg  # fails
                  expect: { fullPath: images/a.jpg, name: b.jpg }
                """, note: "a field"),
        Case(
            type: "ReferenceMismatch",
            steps: """
                - ref: images/a.jpg
                  as: a
                - ref: images/b.jpg  # fails
                  expect: { equals: $a }
                """, note: "equals"),
        Case(
            type: "NilReference",
            steps: """
                - ref: { chain: [parent] }  # fails
                  expect: { fullPath: x }
                """),
        Case(
            type: "NotNil",
            steps: """
                - ref: images  # fails
                  expect: nil
                """),
        Case(
            type: "DataMismatch",
            steps: """
                - getData: seed.txt  # fails
                  maxSize: 1KiB
                  expect: { data: { text: seeds } }
                """, note: "data"),
        Case(
            type: "DataMismatch",
            steps: """
                - write: seed.txt  # fails
                  toFile: seed.txt
                  expect: { size: 5 }
                """, note: "size of a written file"),
        Case(
            type: "DataMismatch",
            steps: """
                - getData: seed.txt  # fails
                  maxSize: 1KiB
                  expect: { sha256: "0000000000000000000000000000000000000000000000000000000000000000" }
                """, note: "sha256"),
        Case(
            type: "ProgressMismatch",
            steps: """
                - put: c.txt  # fails
                  data: { text: abc }
                  expect: { progress: { completed: 2 } }
                """, note: "completed"),
        Case(
            type: "ProgressMismatch",
            steps: """
                - put: c.txt  # fails
                  data: { text: abc }
                  expect: { progress: { total: 4 } }
                """, note: "total"),
        Case(
            type: "ObserverMismatch",
            steps: """
                - put: d.bin
                  data: { zeros: 1KiB }
                  as: up
                - observe: { task: up, status: progress, as: h }
                - await: up  # fails
                  expect: { observer: { h: "" } }
                """),
        Case(
            type: "TriggerNotMet",
            steps: """
                - put: e.bin
                  data: { zeros: 1KiB }
                  as: up
                - pause: up  # fails
                  when: { progress: 1MiB }
                """, note: "the task ended first"),
        Case(
            type: "TriggerNotMet",
            steps: """
                - put: e.bin
                  data: { zeros: 1MiB }
                  as: up
                - pause: up
                - resume: up  # fails
                  when: { event: success }
                """, note: "the task stopped"),
        Case(
            type: "TriggerPassed",
            steps: """
                - put: f.bin
                  data: { zeros: 1MiB }
                  as: up
                - pause: up
                  when: { progress: 256KiB }
                - pause: up  # fails
                  when: { progress: 128KiB }
                """),
        Case(
            type: "TaskNeverFinished",
            steps: """
                - put: g.bin
                  data: { zeros: 1MiB }
                  as: up
                - pause: up
                - await: up  # fails
                """, showsExpected: false),
        Case(
            type: "UnexpectedError",
            steps: """
                - getMetadata: none.txt  # fails
                """, note: "an operation"),
        Case(
            type: "UnexpectedError",
            steps: """
                - getData: none.txt  # fails
                  maxSize: 1KiB
                """, note: "a task"),
        Case(
            type: "UnknownField",
            steps: """
                - list: ""
                  as: page
                - list: ""  # fails
                  pageToken: $page.pageToken
                """, kind: "errored", showsExpected: false, note: "a page without a token"),
    ]

    @Test(arguments: cases)
    func failureNamesItsKindAndShowsTheDetail(_ testCase: Case) throws {
        let scenario = try ScenarioText(ScenarioText.steps(Self.seedSteps + "\n" + testCase.steps))
        let line = try scenario.line(of: "# fails")
        let report = try scenario.runOnly()
        #expect(report.outcome.kind == testCase.kind)
        let failure = try #require(report.outcome.failure)
        #expect(failure.type.rawValue == testCase.type, "\(failure.detail)")
        let location = "\(ScenarioText.defaultPath):\(line):5"
        #expect(failure.location == location)
        let headline = String(failure.detail.prefix { $0 != "\n" })
        #expect(failure.detail.hasPrefix(headline + "\n  at \(location) (step `"))
        #expect(failure.message.hasPrefix(headline), "the one-line message starts with the detail's headline")
        #expect(failure.detail.contains("\n  expected: ") == testCase.showsExpected, "\(failure.detail)")
        if testCase.kind == "failed" { #expect(failure.detail.contains("\n  actual:   "), "\(failure.detail)") }
        #expect(failure.detail.contains("\n  task seed events: resume progress(4/4) success\n"), "\(failure.detail)")
        #expect(
            failure.detail.contains(
                "\n\ntranscript:\nstep 1 (line 3): put as seed\nstep 2 (line 6): await\n    seed: resume\n"),
            "\(failure.detail)")
        #expect(report.transcript.contains("(line \(line)): "))
    }

    /// Expected and actual say what differs, in the scenario's own terms.
    @Test func expectedAndActualSitSideBySide() throws {
        let report = try runSteps(
            """
            - put: a.bin
              data: { zeros: 1MiB }
              expect: { events: "resume progress{2} success" }
            """)
        let failure = try #require(report.outcome.failure)
        let lines = failure.detail.split(separator: "\n").map(String.init)
        #expect(lines.contains("  expected: resume progress{2} success"))
        #expect(
            lines.contains(
                "  actual:   resume progress(262144/1048576) progress(524288/1048576) progress(786432/1048576) progress(1048576/1048576) success"
            ))
    }

    /// Custom metadata reads as a mapping, keys sorted, not as a Swift dump of key-value pairs.
    @Test func customMetadataIsShownAsAMapping() throws {
        let report = try runSteps(
            """
            - put: a.txt
              data: { text: a }
              metadata: { customMetadata: { location: "Yosemite, CA", activity: "Hiking \\"up\\"" } }
              expect: { metadata: { customMetadata: null } }
            """)
        let failure = try #require(report.outcome.failure)
        #expect(
            failure.message
                == #"customMetadata is not empty: expected none, actual {activity: "Hiking \"up\"", location: "Yosemite, CA"}"#
        )
    }

    @Test func wrongErrorNamesBothCodesAndTheMessage() throws {
        let report = try runSteps(
            """
            - getMetadata: none.txt
              expect: { error: { code: unauthorized, message: denied } }
            """)
        let failure = try #require(report.outcome.failure)
        #expect(failure.type == .wrongError)
        #expect(failure.detail.contains("  expected: unauthorized (-13021) with a message containing \"denied\""))
        #expect(failure.detail.contains("  actual:   objectNotFound (-13010): Object none.txt does not exist."))
    }

    /// A task left unfinished at the end breaks "exactly one terminal event": the scenario fails at its
    /// own line, not at a step.
    @Test func aTaskThatNeverEndsFailsTheScenario() throws {
        let report = try runSteps(
            """
            - put: a.bin
              data: { zeros: 1MiB }
              as: up
            - pause: up
            """)
        let failure = try #require(report.outcome.failure)
        #expect(report.outcome.kind == "failed")
        #expect(failure.type == .taskInvariant)
        #expect(failure.message.hasPrefix("task up: the task never delivered a terminal event"))
        #expect(failure.location == "\(ScenarioText.defaultPath):1")
        #expect(failure.detail.contains("(the scenario's checks)"))
        #expect(failure.detail.contains("  actual:   pause"))
    }

    /// A scenario stops at its first failing step: later steps never run.
    @Test func theFirstFailureEndsTheScenario() throws {
        let report = try runSteps(
            """
            - getMetadata: none.txt
            - put: later.txt
              data: { text: never }
            """)
        #expect(report.outcome.failure?.type == .unexpectedError)
        #expect(!report.transcript.contains("step 2"))
    }
}

import Foundation
import Harness
import ScenarioLanguage
import Targets
import Testing

/// The fingerprint the runner records for each kind of failure, and a pinned fingerprint that no longer holds
/// (the target answers another status) reported as a changed failure.
@Suite("Runner: pins with fingerprints")
struct FingerprintRunTests {
    static func pin(_ steps: String, given: String? = nil) throws -> String {
        let report = try ScenarioText(ScenarioText.steps(steps, given: given)).runOnly()
        return try #require(report.outcome.failure?.pin?.description)
    }

    @Test func anErrorRecordsItsCodeAndStatus() throws {
        #expect(
            try Self.pin("- getMetadata: none.txt")
                == "step 1 (line 3) getMetadata: UnexpectedError [error objectNotFound; status 404]")
    }

    @Test func aMetadataMismatchRecordsTheField() throws {
        let pin = try Self.pin(
            "- put: a.txt\n  data: { text: a }\n- getMetadata: a.txt\n  expect: { metadata: { contentType: image/png } }"
        )
        #expect(pin == "step 2 (line 5) getMetadata: MetadataMismatch [fields: contentType]")
    }

    @Test func anEventMismatchRecordsTheFirstEventThatDiffered() throws {
        let pin = try Self.pin(
            "- getData: none.txt\n  maxSize: 1KiB\n  as: down\n- await: down\n  expect: { events: [resume, success] }")
        #expect(
            pin == "step 2 (line 6) await: EventMismatch [event 2: failure(objectNotFound) expected success; "
                + "error objectNotFound; status 404]")
    }

    @Test func eventsThatStopShortRecordTheEnd() throws {
        let pin = try Self.pin(
            "- getData: none.txt\n  maxSize: 1KiB\n  as: down\n- await: down\n"
                + "  expect: { events: \"resume failure(objectNotFound) success\" }")
        #expect(pin.contains("[event 3: (end) expected success; error objectNotFound; status 404]"), "\(pin)")
    }

    /// Issue 32's done-when: a status rewritten in the target's answers changes the pinned entry it touches.
    /// Pinned as the target answered (404), the scenario then answered 403: a changed failure, not an XFAIL.
    @Test func anotherStatusIsAChangedFailure() throws {
        let notFound = "- getMetadata: none.txt"
        let pinned = try Self.pin(notFound)
        let manifest = ManifestAndTargetsTests.manifest([("suite/file/s", "answers 404")], pin: pinned)
        let asPinned = try ScenarioText(ScenarioText.steps(notFound)).run(expectations: manifest)
        #expect(asPinned[0].outcome.kind == "expectedFailure")

        let forbidden = ScenarioText.steps("- fault: { request: metadata, status: 403 }\n- getMetadata: none.txt")
        let moved = ManifestAndTargetsTests.manifest(
            [("suite/file/s", "answers 404")],
            pin: pinned.replacingOccurrences(of: "step 1 (line 3)", with: "step 2 (line 4)"))
        let reports = try ScenarioText(forbidden).run(expectations: moved)
        let failure = try #require(reports[0].outcome.failure)
        #expect(reports[0].outcome.kind == "failed")
        #expect(failure.type == .changedFailure)
        #expect(failure.message.contains("[error unauthorized; status 403]"), "\(failure.message)")
        #expect(failure.listed?.pin?.fingerprint?.status == 404)
    }

    /// An errored scenario never matches a pinned failure, even at the pinned step: a target that went away
    /// errs the step with a transport error, and the pin of the failure it used to end in does not accept it.
    @Test func anErrorNeverMatchesAPinnedFailure() throws {
        let (server, url) = try HTTPRunTests.serve()
        let target = HTTPTarget(baseURL: url, requestTimeout: 60)
        let text = try ScenarioText(ScenarioText.steps("- getMetadata: none.txt"))
        let pinned = try #require(try text.runOnly(on: target).outcome.failure?.pin?.description)
        let manifest = ManifestAndTargetsTests.manifest([("suite/file/s", "answers 404")], pin: pinned)
        #expect(text.run(on: target, expectations: manifest)[0].outcome.kind == "expectedFailure")
        server.stop()
        let report = text.run(on: target, expectations: manifest)[0]
        #expect(report.outcome.kind == "failed")
        #expect(report.outcome.failure?.type == .changedFailure)
        #expect(report.outcome.failure?.pin?.kind == .transportError)
    }
}

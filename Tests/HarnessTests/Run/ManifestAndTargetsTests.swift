import Foundation
import Harness
import Reports
import Runner
import ScenarioLanguage
import Targets
import Testing

/// `targets:` and the expectations manifest, as the runner applies them.
@Suite("Runner: targets and expected failures")
struct ManifestAndTargetsTests {
    static let file = """
        scenario: passes
        steps:
          - put: a.txt
            data: { text: a }
        ---
        scenario: fails
        steps:
          - getMetadata: none.txt
        ---
        scenario: only over http
        targets: [http]
        steps:
          - getMetadata: none.txt
        ---
        scenario: only on the reference
        targets: [reference]
        steps:
          - put: a.txt
            data: { text: a }
        """

    static func manifest(_ entries: [(String, String)], pin: String? = nil) -> ExpectationsManifest {
        ExpectationsManifest(
            path: "/conformance/expectations.yaml", target: "reference",
            entries: entries.enumerated().map {
                ExpectationsManifest.Entry(
                    id: $0.element.0, reason: $0.element.1, pin: pin.flatMap(FailurePin.init(parsing:)),
                    line: $0.offset + 3)
            })
    }

    @Test func scenariosForOtherTargetsAreSkipped() throws {
        let reports = try ScenarioText(Self.file).run()
        #expect(reports.map(\.outcome.kind) == ["passed", "failed", "skipped", "passed"])
        #expect(reports[2].outcome == .skipped(reason: "runs only on: http"))
        #expect(reports[2].transcript.isEmpty)
    }

    /// A listed scenario that fails as its pin says is an expected failure that keeps how it failed.
    @Test func aListedFailureThatFailsAsPinnedIsAnExpectedFailure() throws {
        let reports = try ScenarioText(Self.file).run(
            expectations: Self.manifest(
                [("suite/file/fails", "the reference is wrong here")],
                pin: "step 1 (line 8) getMetadata: UnexpectedError"))
        guard case .expectedFailure(let actual, let listed) = reports[1].outcome else {
            Issue.record("not an expected failure: \(reports[1].outcome)")
            return
        }
        #expect(listed.reason == "the reference is wrong here")
        #expect(actual.type == .unexpectedError)
        #expect(
            actual.pin?.description == "step 1 (line 8) getMetadata: UnexpectedError [error objectNotFound; status 404]"
        )
        #expect(actual.message.contains("objectNotFound"))
        #expect(reports[0].outcome == .passed)
    }

    /// The pin's line is for the reader: a step that moved (an edit above it) is still the same failure.
    @Test func aPinWhoseStepMovedStillMatches() throws {
        let reports = try ScenarioText(Self.file).run(
            expectations: Self.manifest(
                [("suite/file/fails", "known")], pin: "step 1 (line 3) getMetadata: UnexpectedError"))
        #expect(reports[1].outcome.kind == "expectedFailure")
    }

    /// A listed scenario that fails otherwise than pinned (another step, verb or kind) fails the run, naming both.
    @Test(arguments: [
        "step 2 (line 8) getMetadata: UnexpectedError", "step 1 (line 8) delete: UnexpectedError",
        "step 1 (line 8) getMetadata: StepTimeout", "given: FixtureError",
    ])
    func aListedScenarioThatFailsDifferentlyIsAChangedFailure(_ pin: String) throws {
        let reports = try ScenarioText(Self.file).run(
            expectations: Self.manifest([("suite/file/fails", "known")], pin: pin))
        let failure = try #require(reports[1].outcome.failure)
        #expect(reports[1].outcome.kind == "failed")
        #expect(failure.type == .changedFailure)
        #expect(failure.message.hasPrefix("changed failure: the manifest expects \(pin) (known), but it failed at "))
        #expect(failure.message.contains("step 1 (line 8) getMetadata: UnexpectedError"))
        #expect(failure.pin?.kind == .unexpectedError)
        #expect(failure.listed?.pin?.description == pin)
        #expect(failure.detail.contains("transcript:"))
    }

    /// An entry without a pin (a manifest from before pins) accepts any failure, but no error (ErrorsAgainstManifestTests).
    @Test func anUnpinnedEntryAcceptsAnyFailure() throws {
        let text = ScenarioText.steps("- list: \"\"\n  as: page\n- getMetadata: none.txt")
        let reports = try ScenarioText(text).run(expectations: Self.manifest([("suite/file/s", "no token")]))
        guard case .expectedFailure(let actual, let listed) = reports[0].outcome else {
            Issue.record("not an expected failure: \(reports[0].outcome)")
            return
        }
        #expect(listed == ListedFailure(reason: "no token", pin: nil))
        #expect(actual.pin.map { "\($0)" }?.hasPrefix("step 2 (line ") == true)
    }

    @Test func aListedScenarioThatPassesFails() throws {
        let reports = try ScenarioText(Self.file).run(expectations: Self.manifest([("suite/file/passes", "flaky")]))
        let failure = try #require(reports[0].outcome.failure)
        #expect(reports[0].outcome.kind == "failed")
        #expect(failure.type == .unexpectedPass)
        #expect(
            failure.message.contains(
                "suite/file/passes passed, but the expectations manifest lists it as a failure (flaky)"))
    }

    @Test func aListedScenarioSkippedForItsTargetStaysSkipped() throws {
        let reports = try ScenarioText(Self.file).run(
            expectations: Self.manifest([("suite/file/only-over-http", "n/a")]))
        #expect(reports[2].outcome == .skipped(reason: "runs only on: http"))
    }

    /// A manifest entry that names no scenario becomes a failing case in an `expectations` suite, at its line.
    @Test func anUnknownIDFailsTheRun() throws {
        let text = try ScenarioText(Self.file)
        let manifest = Self.manifest([("suite/file/fails", "known"), ("suite/file/gone", "renamed long ago")])
        let runner = ScenarioRunner(target: ReferenceTarget(), expectations: manifest, toolVersion: "test")
        let report = runner.run([text.file], allIDs: Set(text.file.scenarios.map(\.id)))
        #expect(report.files.map(\.name) == ["suite/file", "expectations"])
        let stale = try #require(report.files.last)
        #expect(stale.path == "/conformance/expectations.yaml")
        #expect(stale.scenarios.map(\.id) == ["suite/file/gone"])
        let failure = try #require(stale.scenarios.first?.outcome.failure)
        #expect(stale.scenarios.first?.outcome.kind == "failed")
        #expect(failure.type == .unknownScenario)
        #expect(failure.message == "the expectations manifest lists suite/file/gone, which no scenario has")
        #expect(failure.location == "/conformance/expectations.yaml:4")
        #expect(report.counts.summaryLine == "2 passed, 1 failed, 0 errored, 1 expected failure, 1 skipped")
    }

    /// An id is stale only when no loaded scenario has it, selected or not.
    @Test func anIDOfAnUnselectedScenarioIsNotStale() throws {
        let text = try ScenarioText(Self.file)
        var selected = text.file
        selected.scenarios = [selected.scenarios[0]]
        let runner = ScenarioRunner(
            target: ReferenceTarget(), expectations: Self.manifest([("suite/file/fails", "known")]), toolVersion: "test"
        )
        let report = runner.run([selected], allIDs: Set(text.file.scenarios.map(\.id)))
        #expect(report.files.map(\.name) == ["suite/file"])
        #expect(report.counts.summaryLine == "1 passed, 0 failed, 0 errored, 0 expected failures, 0 skipped")
    }

    @Test func theRunReportNamesTargetAndVersion() throws {
        let text = try ScenarioText(Self.file)
        let report = ScenarioRunner(target: ReferenceTarget(), toolVersion: "9.9.9").run([text.file], allIDs: [])
        #expect(report.target == "reference")
        #expect(report.toolVersion == "9.9.9")
        #expect(report.files.map(\.path) == [ScenarioText.defaultPath])
        #expect(report.scenarios.map(\.line) == [1, 6, 10, 15])
    }
}

import Drivers
import Foundation
import Testing

@testable import Runner

/// `sequence:` (docs/scenario-language.md, "What the target saw"): the kinds of every request of a step, in order,
/// as the fault layer saw them; a mismatch names the first position where they differ.
@Suite("Runner: the order of requests") struct RequestSequenceTests {
    static let given = "faults:\n  - { request: chunk, nth: 2, status: 503 }"

    static func put(_ sequence: String) -> String {
        """
        - put: a.bin
          data: { random: 600KiB, seed: 1 }
          expect: { events: "resume progress+ success", sequence: \(sequence) }
        """
    }

    @Test func theOrderTheClientSentPasses() throws {
        let report = try runSteps(Self.put("[uploadStart, chunk, chunk, query, chunk, finalize]"), given: Self.given)
        #expect(report.outcome == .passed, "\(report.outcome)")
        #expect(report.transcript.contains("requests in order: uploadStart chunk chunk query chunk finalize"))
    }

    @Test func anotherOrderFailsAtTheFirstDifference() throws {
        let report = try runSteps(Self.put("[uploadStart, chunk, chunk, chunk, finalize]"), given: Self.given)
        guard case .failed(let failure) = report.outcome else {
            Issue.record("\(report.outcome)")
            return
        }
        #expect(failure.type == .requestsMismatch)
        #expect(
            failure.message.contains("differ first at request 4, expected chunk, actual query"), "\(failure.message)")
    }

    @Test func aShorterSeenListSaysNothingCameThere() throws {
        let transcript = Transcript()
        #expect(throws: StepFailure.self) {
            try ObservedCheck.check(
                [.uploadStart, .chunk, .finalize], seen: [.uploadStart, .chunk], transcript: transcript)
        }
        do {
            try ObservedCheck.check(
                [.uploadStart, .chunk, .finalize], seen: [.uploadStart, .chunk], transcript: transcript)
        } catch {
            #expect(
                error.message.contains("differ first at request 3, expected finalize, actual nothing"),
                "\(error.message)")
        }
    }

    @Test func aScenarioWithoutFaultsCannotCountTheOrder() throws {
        let report = try runSteps("- delete: a\n  expect: { error: objectNotFound, sequence: [delete] }")
        guard case .errored(let failure) = report.outcome else {
            Issue.record("\(report.outcome)")
            return
        }
        #expect(failure.type == .badExpectation, "\(failure.message)")
    }
}

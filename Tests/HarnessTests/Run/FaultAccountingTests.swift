import Foundation
import Harness
import Testing

/// A fault scenario passes only when every fault it declared acted (docs/semantics.md §11).
@Suite("Runner: fault accounting")
struct FaultAccountingTests {
    static func bundled(_ path: String) throws -> String {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while directory.path != "/" {
            let file = directory.appendingPathComponent("Scenarios/" + path)
            if FileManager.default.fileExists(atPath: file.path) {
                return try String(contentsOf: file, encoding: .utf8)
            }
            directory.deleteLastPathComponent()
        }
        throw CocoaError(.fileNoSuchFile)
    }

    @Test func theBundledDownloadFaultsPassAsWritten() throws {
        let reports = try ScenarioText(Self.bundled("download-files/download-faults.yaml")).run()
        #expect(reports.map(\.outcome.kind) == Array(repeating: "passed", count: reports.count))
    }

    /// Pointed at a request the scenarios never make, no fault acts: a scenario that would still pass errors.
    @Test func aFaultPointedAtARequestNeverMadeErrorsInsteadOfPassing() throws {
        let text = try Self.bundled("download-files/download-faults.yaml")
            .replacingOccurrences(of: "request: download", with: "request: list")
            .replacingOccurrences(of: "{ request: list, corrupt: true }", with: "{ request: list, status: 503 }")
        let reports = try ScenarioText(text).run()
        #expect(!reports.contains { $0.outcome.kind == "passed" })
        let never = reports.filter { $0.outcome.failure?.type == .faultNeverFired }
        #expect(never.count == 3)
        for report in never {
            #expect(report.outcome.kind == "errored")
            let message = try #require(report.outcome.failure?.message)
            #expect(message.hasPrefix("fault never fired: #1 {\"request\":\"list\""), "\(message)")
            #expect(message.contains("requests seen: download "), "\(message)")
        }
    }

    /// A fault armed by a `fault:` step that never meets its request errors the scenario too.
    @Test func aFaultStepThatNeverActsErrors() throws {
        let report = try ScenarioText(
            ScenarioText.steps(
                """
                - put: a.txt
                  data: { text: a }
                - fault: { request: delete, status: 503 }
                - getMetadata: a.txt
                """)
        ).runOnly()
        #expect(report.outcome.kind == "errored")
        #expect(report.outcome.failure?.message.hasPrefix("fault never fired: #1 {\"request\":\"delete\"") == true)
    }
}

/// An error is never the failure a manifest expects unless its pin names that very error.
@Suite("Runner: errors against the manifest")
struct ErrorsAgainstManifestTests {
    static let text = ScenarioText.steps(
        """
        - put: a.txt
          data: { text: a }
        - fault: { request: delete, status: 503 }
        """)

    @Test func anUnpinnedEntryDoesNotAcceptAnError() throws {
        let reports = try ScenarioText(Self.text).run(
            expectations: ManifestAndTargetsTests.manifest([("suite/file/s", "fails somehow")]))
        #expect(reports[0].outcome.kind == "failed")
        #expect(reports[0].outcome.failure?.type == .changedFailure)
    }

    @Test func aPinnedFailureDoesNotAcceptAnError() throws {
        let reports = try ScenarioText(Self.text).run(
            expectations: ManifestAndTargetsTests.manifest(
                [("suite/file/s", "fails somehow")], pin: "step 1 (line 3) put: EventMismatch"))
        #expect(reports[0].outcome.failure?.type == .changedFailure)
    }

    @Test func aPinNamingTheErrorAcceptsIt() throws {
        let reports = try ScenarioText(Self.text).run(
            expectations: ManifestAndTargetsTests.manifest(
                [("suite/file/s", "its fault cannot fire")], pin: "checks: FaultNeverFired"))
        #expect(reports[0].outcome.kind == "expectedFailure")
    }
}

import Foundation
import ScenarioLanguage
import StorageAPI
import Targets
import Testing

@testable import Runner

/// A `Retry-After` the server itself sends is waited in real time against a live target, while the rest of
/// the client's clock stays virtual (docs/semantics.md §11, "Waits a server asks for are real").
@Suite("Runner: waits a server asks for are real")
struct ServerRetryAfterTests {
    /// Several tries fit the retry time (waits of 1 to 2 s, 2 to 4 s, 4 to 8 s on the virtual clock), so a
    /// recovery that comes late on a loaded machine is still met; on a purely virtual clock every try leaves
    /// within milliseconds, before the server recovers, and the step fails.
    static let scenario = """
        scenario: a server that answers 503 with Retry-After 1 and recovers 1.5 s later
        given:
          objects:
            a.txt: { text: hello }
          retry: { operation: 10 }
        steps:
          - getMetadata: a.txt
            expect: { metadata: { size: 5 } }
        """

    /// Over v0, whose session arms `serve`'s fault plan for its bucket (`RealTimeBackend` does the same for
    /// `gcs+http://`).
    @Test func aRetryAfterFromTheServerIsWaitedInRealTime() throws {
        let (server, url) = try HTTPRunTests.serve()
        defer { server.stop() }
        let target = HTTPTarget(baseURL: url, requestTimeout: 5)
        let text = try ScenarioText(Self.scenario)
        let scenario = text.file.scenarios[0]
        let session = try target.openSession(for: scenario)
        defer { session.close() }
        let plan = try #require(session.faultPlan)
        try plan.arm([RequestFault(kind: .metadata, occurrence: .every, action: .status(503, retryAfter: 1))])
        let recovered = DispatchSemaphore(value: 0)
        DispatchQueue.global().asyncAfter(deadline: .now() + 1.5) {
            plan.disarm()
            recovered.signal()
        }
        defer { recovered.wait() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("retry-after-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let started = Date()
        let outcome = ScenarioExecution(
            scenario: scenario, file: text.file, session: session, stepTimeout: 10, scratch: scratch
        ).run()
        #expect(outcome == .passed, "\(outcome)")
        // Two waits of one real second each: the third request leaves after the server recovered.
        #expect(Date().timeIntervalSince(started) >= 1.5)
    }
}

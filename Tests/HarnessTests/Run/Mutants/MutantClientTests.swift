import Foundation
import Reports
import ScenarioLanguage
import Targets
import Testing

@testable import Runner

/// The bundled fault scenarios that claim a timeout, a retry count or a `Retry-After` wait fail a client
/// that breaks the claim (issue 32: a 45 s read timeout, three extra retries, a `Retry-After` ignored), and
/// pass the project's own client unchanged.
@Suite("Runner: scenarios catch a client that breaks its timeouts and retries")
struct MutantClientTests {
    /// Scenario names (as written after `scenario:`) and the mutations each must catch.
    static let cases: [(name: String, catches: [Mutation])] = [
        ("a download chunk that gets no answer within the request timeout is asked for again", [.readTimeout45s]),
        ("a list whose answer stalls past the request timeout is retried", [.readTimeout45s]),
        ("a chunk that gets no answer within the request timeout is retried after a query", [.readTimeout45s]),
        ("503s on every download request end as unknown when the retry time runs out", [.threeExtraRetries]),
        (
            "connections reset on every download request end as unknown when the retry time runs out",
            [.threeExtraRetries]
        ),
        (
            "a delete answered 503 every time fails with unknown when the operation retry time runs out",
            [.threeExtraRetries]
        ),
        ("getMetadata fails with unknown when 503s outlast the operation retry time", [.threeExtraRetries]),
        ("503s until the retry time runs out end the upload with unknown", [.threeExtraRetries]),
        (
            "connections reset on every chunk end the upload with unknown when the retry time runs out",
            [.threeExtraRetries]
        ),
        ("a 503 with Retry-After and a body is waited out, and the retry succeeds", [.ignoresRetryAfter]),
        ("a 503 with Retry-After is waited out and retried", [.ignoresRetryAfter]),
        ("a Retry-After longer than the retry time ends the upload at once with unknown", [.ignoresRetryAfter]),
    ]

    static let scenarios: [String: (Scenario, ScenarioFile)] = {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Scenarios").path
        var found: [String: (Scenario, ScenarioFile)] = [:]
        for file in ScenarioLoader(root: root).load([root]).files {
            for scenario in file.scenarios { found[scenario.name] = (scenario, file) }
        }
        return found
    }()

    static func run(_ name: String, _ mutation: Mutation?) throws -> Outcome {
        let (scenario, file) = try #require(scenarios[name], "no bundled scenario \"\(name)\"")
        let session = try ReferenceTarget().openSession(for: scenario)
        defer { session.close() }
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent("mutant-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: scratch) }
        let execution = ScenarioExecution(
            scenario: scenario, file: file, session: session, stepTimeout: 20, scratch: scratch,
            client: MutantClient(mutation, session: session.storage, scenario: scenario))
        return execution.run()
    }

    @Test(arguments: cases.map(\.name))
    func theClientAsItIsPasses(_ name: String) throws {
        let outcome = try Self.run(name, nil)
        #expect(outcome == .passed, "\(outcome)")
    }

    @Test(arguments: cases.flatMap { entry in entry.catches.map { (entry.name, $0) } })
    func aBrokenClientFails(_ name: String, _ mutation: Mutation) throws {
        let outcome = try Self.run(name, mutation)
        guard case .failed(let failure) = outcome else {
            Issue.record("\(mutation) was not caught by \"\(name)\": \(outcome)")
            return
        }
        #expect([.requestsMismatch, .timingMismatch, .eventMismatch].contains(failure.type), "\(failure.message)")
    }
}

import Foundation
import Harness
import Reports
import Runner
import ScenarioLanguage
import Targets
import Testing

/// Every scenario runs in its own fresh bucket, so `--jobs N` changes nothing but the wall time.
@Suite("Runner: isolation and parallelism")
struct ParallelRunTests {
    /// Twenty scenarios over two files: passing and failing ones, uploads with triggers, downloads,
    /// fixtures, rules, lists, and several that write the same object names and would see each other's
    /// objects if buckets were shared.
    static let files: [(name: String, text: String)] = [
        ("parallel/transfers", (1...10).map(transfer).joined(separator: "\n---\n")),
        ("parallel/operations", (1...10).map(operation).joined(separator: "\n---\n")),
    ]

    /// A two-chunk upload (256 KiB, then 4 KiB) paused and resumed by triggers, a download of a fixture, a
    /// list; every fourth one fails.
    static func transfer(_ index: Int) -> String {
        """
        scenario: transfer \(index)
        given:
          objects:
            fixture.bin: { random: \(index * 10)KiB, seed: \(index) }
        steps:
          - getMetadata: shared.bin
            expect: { error: objectNotFound }
          - put: shared.bin
            data: { random: 260KiB, seed: \(index) }
            as: up
          - pause: up
            when: { progress: \(index * 5)% }
          - resume: up
            when: { event: pause }
          - await: up
            expect: { events: "resume progress+ pause resume progress+ success", metadata: { size: 266240 } }
          - getData: fixture.bin
            maxSize: 2MiB
            expect: { data: { random: \(index * 10)KiB, seed: \(index) }\(index % 4 == 0 ? ", size: 1" : "") }
          - listAll: ""
            expect: { items: [fixture.bin, shared.bin] }
        """
    }

    /// Metadata, lists and deletes; every third one signed out under rules that deny it all, every fourth
    /// one failing.
    static func operation(_ index: Int) -> String {
        let denied = index % 3 == 0
        let given =
            denied
            ? "user: none\n  rules:\n    allow:\n      - { path: \"files/**\", ops: [read, list], if: signedIn }"
            : "user: alice"
        let deleteExpectation =
            denied
            ? "\n    expect: { error: unauthorized }" : index % 4 == 0 ? "\n    expect: { error: objectNotFound }" : ""
        return """
            scenario: operation \(index)
            tags: [ops]
            given:
              objects:
                files/a.txt: { text: a, contentType: text/plain }
                files/b.txt: { text: bb }
                files/sub/c.txt: { text: ccc }
              \(given)
            steps:
              - list: files
                maxResults: 1
                expect: { \(denied ? "error: unauthorized" : "items: [files/a.txt], pageToken: present") }
              - updateMetadata: files/a.txt
                metadata: { cacheControl: "max-age=\(index)", customMetadata: { run: "\(index)" } }
                expect: { \(denied ? "error: unauthorized" : "metadata: { metageneration: 2, cacheControl: \"max-age=\(index)\" }") }
              - put: files/new.txt
                data: { text: "\(String(repeating: "n", count: index))" }
                expect: { \(denied ? "error: unauthorized" : "metadata: { size: \(index) }") }
              - delete: files/b.txt\(deleteExpectation)
            """
    }

    static func scenarioFiles() throws -> [ScenarioFile] {
        try files.map { try ScenarioText($0.text, path: "/conformance/Scenarios/\($0.name).yaml", name: $0.name).file }
    }

    /// The outcome and transcript of every scenario, with the one thing that depends on the clock
    /// (object generations, microseconds since the epoch) masked.
    static func results(jobs: Int) throws -> [String] {
        let files = try scenarioFiles()
        let report = ScenarioRunner(target: ReferenceTarget(), jobs: jobs, stepTimeout: 20, toolVersion: "test")
            .run(files, allIDs: Set(files.flatMap { $0.scenarios.map(\.id) }))
        let generation = try Regex("generation \\d+")
        return report.scenarios.map { scenario in
            let failure =
                scenario.outcome.failure.map { "\($0.type) \($0.message) \($0.location ?? "")\n\($0.detail)" } ?? ""
            return "\(scenario.id) \(scenario.outcome.kind) \(failure)\n\(scenario.transcript)".replacing(
                generation, with: "generation G")
        }
    }

    @Test func fourJobsGiveTheSameOutcomesAndTranscriptsAsOne() throws {
        let serial = try Self.results(jobs: 1)
        let parallel = try Self.results(jobs: 4)
        #expect(serial.count == 20)
        #expect(serial.filter { $0.contains(" passed \n") }.count == 16)
        #expect(serial.filter { $0.contains(" failed ") }.count == 4)
        #expect(serial.count == parallel.count)
        for (one, four) in zip(serial, parallel) {
            #expect(one == four)
        }
    }

    @Test func reportsKeepFileOrderWhateverFinishesFirst() throws {
        let files = try Self.scenarioFiles()
        let finished = FinishOrder()
        let report = ScenarioRunner(target: ReferenceTarget(), jobs: 8, stepTimeout: 20, toolVersion: "test")
            .run(files, allIDs: []) { scenario, file in finished.add(scenario.id, file: file.name) }
        let expected = files.flatMap { $0.scenarios.map(\.id) }
        #expect(report.scenarios.map(\.id) == expected)
        #expect(report.files.map(\.name) == ["parallel/transfers", "parallel/operations"])
        #expect(finished.ids.sorted() == expected.sorted())
        #expect(finished.fileNames.allSatisfy { $0.hasPrefix("parallel/") })
    }

    @Test func noScenariosIsAnEmptyReport() {
        let report = ScenarioRunner(target: ReferenceTarget(), jobs: 4, toolVersion: "test").run([], allIDs: [])
        #expect(report.files.isEmpty)
        #expect(report.counts == OutcomeCounts())
    }
}

/// The ids `onScenarioFinished` reported, from any thread.
private final class FinishOrder: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [(id: String, file: String)] = []

    func add(_ id: String, file: String) {
        lock.lock()
        entries.append((id, file))
        lock.unlock()
    }

    var ids: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.map(\.id)
    }

    var fileNames: [String] {
        lock.lock()
        defer { lock.unlock() }
        return entries.map(\.file)
    }
}

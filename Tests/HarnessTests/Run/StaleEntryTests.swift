import Foundation
import Harness
import Primitives
import Reports
import Runner
import ScenarioLanguage
import Targets
import Testing
import YAMLReader

/// Manifest entries whose scenario did not run are stale entries, each with why; known crashers are left out.
@Suite("Runner: stale entries and known crashers")
struct StaleEntryTests {
    static func manifest(_ entries: [ExpectationsManifest.Entry]) -> ExpectationsManifest {
        ExpectationsManifest(path: "/conformance/expectations.yaml", target: "reference", entries: entries)
    }

    @Test func entriesForScenariosThatDidNotRunAreStale() throws {
        let text = try ScenarioText(ManifestAndTargetsTests.file)
        var selected = text.file
        selected.scenarios = Array(selected.scenarios.dropFirst())
        let manifest = Self.manifest([
            .init(id: "suite/file/passes", reason: "r", line: 3),
            .init(id: "suite/file/only-over-http", reason: "r", line: 4),
            .init(id: "suite/file/gone", reason: "r", line: 5), .init(id: "suite/file/fails", reason: "r", line: 6),
        ])
        let runner = ScenarioRunner(target: ReferenceTarget(), expectations: manifest, toolVersion: "test")
        let report = runner.run([selected], allIDs: Set(text.file.scenarios.map(\.id)))
        #expect(
            report.staleEntries == [
                StaleEntry(id: "suite/file/passes", line: 3, why: "not selected"),
                StaleEntry(id: "suite/file/only-over-http", line: 4, why: "skipped: runs only on: http"),
                StaleEntry(id: "suite/file/gone", line: 5, why: "no scenario has this id"),
            ])
    }

    @Test func aKnownCrasherIsSkippedWithItsReasonAndIsNotStale() throws {
        let text = try ScenarioText(ManifestAndTargetsTests.file)
        let manifest = Self.manifest([
            .init(id: "suite/file/fails", reason: "the target exits on it", line: 3, crashes: true)
        ])
        let runner = ScenarioRunner(target: ReferenceTarget(), expectations: manifest, toolVersion: "test")
        let report = runner.run([text.file], allIDs: Set(text.file.scenarios.map(\.id)))
        #expect(
            report.scenarios[1].outcome
                == .skipped(
                    reason: "known crasher (crashes: in /conformance/expectations.yaml): the target exits on it"))
        #expect(report.staleEntries.isEmpty)
    }

    @Test func aCrasherEntryReadsAndIsWrittenBack() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data("failures:\n  a/b/c:\n    crashes: true\n    reason: exits\n".utf8).write(to: folder)
        let manifest = try ExpectationsManifest.load(path: folder.path)
        #expect(manifest.entries == [.init(id: "a/b/c", reason: "exits", line: 2, crashes: true)])
        #expect(manifest.yamlText.contains("  \"a/b/c\":\n    crashes: true\n    reason: \"exits\"\n"))
        #expect(manifest.crashers == ["a/b/c": "exits"])
        #expect(manifest.listings.isEmpty)
    }

    @Test(arguments: [
        "failures:\n  a/b/c:\n    crashes: false\n    reason: exits\n",
        "failures:\n  a/b/c:\n    crashes: true\n    fails: \"given: FixtureError []\"\n    reason: exits\n",
    ])
    func aBadCrasherEntryIsRefused(_ text: String) throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("stale-\(UUID().uuidString).yaml")
        defer { try? FileManager.default.removeItem(at: folder) }
        try Data(text.utf8).write(to: folder)
        #expect(throws: Diagnostic.self) { try ExpectationsManifest.load(path: folder.path) }
    }
}

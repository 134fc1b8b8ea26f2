import Foundation
import Harness
import Primitives
import Reports
import Runner
import ScenarioLanguage
import Testing
import YAMLReader

/// Reading `--expectations FILE`: what a valid manifest holds, and every problem at its line.
@Suite("Selection: expectations manifest")
struct ExpectationsManifestTests {
    /// Writes `text` to a fresh file and loads it.
    static func load(_ text: String) throws(Diagnostic) -> ExpectationsManifest {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("manifest-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("expectations.yaml").path
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        return try ExpectationsManifest.load(path: path)
    }

    /// The diagnostic loading `text` gives, as `LINE:COLUMN: message`.
    static func problem(_ text: String, sourceLocation: Testing.SourceLocation = #_sourceLocation) -> String? {
        do throws(Diagnostic) {
            let manifest = try load(text)
            Issue.record("loaded \(manifest.entries.count) entries", sourceLocation: sourceLocation)
            return nil
        } catch {
            #expect(error.file.hasSuffix("/expectations.yaml"), sourceLocation: sourceLocation)
            #expect(error.severity == .error, sourceLocation: sourceLocation)
            return "\(error.location.line):\(error.location.column): \(error.message)"
        }
    }

    @Test func aValidManifest() throws {
        let manifest = try Self.load(
            """
            # known failures of the emulator
            target: firebase-emulator
            failures:
              list/paging/prefixes-count-toward-max-results: the emulator pages items only
              "upload/odd names/x": "quoted: with a colon"

              download/urls/token: >-
                a folded
                reason
            """)
        #expect(manifest.target == "firebase-emulator")
        #expect(manifest.path.hasSuffix("/expectations.yaml"))
        #expect(
            manifest.entries == [
                .init(
                    id: "list/paging/prefixes-count-toward-max-results", reason: "the emulator pages items only",
                    line: 4),
                .init(id: "upload/odd names/x", reason: "quoted: with a colon", line: 5),
                .init(id: "download/urls/token", reason: "a folded reason", line: 7),
            ])
        #expect(manifest.listings["upload/odd names/x"] == ListedFailure(reason: "quoted: with a colon", pin: nil))
        #expect(manifest.listings.count == 3)
        #expect(manifest.unpinned.count == 3)
    }

    @Test func targetIsOptional() throws {
        let manifest = try Self.load("failures:\n  a/b/c: why\n")
        #expect(manifest.target == nil)
        #expect(manifest.entries == [.init(id: "a/b/c", reason: "why", line: 2)])
    }

    @Test(arguments: ["", "\n\n", "# nothing yet\n", "---\n", "~\n", "failures:\n", "target: x\nfailures: ~\n"])
    func anEmptyManifestListsNothing(_ text: String) throws {
        #expect(try Self.load(text).entries.isEmpty)
    }

    @Test func anUnknownKey() {
        #expect(
            Self.problem("target: x\nfailure:\n  a/b: c\n")
                == "2:1: unknown key \"failure\" (expected target or failures)")
    }

    @Test func aReasonThatIsNotAString() {
        let message = "give the reason a/b is expected to fail, as a string or as { fails: PIN, reason: TEXT }"
        #expect(Self.problem("failures:\n  a/b: 42\n") == "2:8: \(message)")
        #expect(Self.problem("failures:\n  a/b: [x, y]\n") == "2:8: \(message)")
        #expect(Self.problem("failures:\n  a/b:\n  c/d: e\n")?.hasPrefix("2:") == true)
        #expect(Self.problem("failures:\n  a/b: \"\"\n") == "2:8: \(message)")
    }

    /// An entry pins the failure it expects (`fails:`) beside its reason.
    @Test func aPinnedEntry() throws {
        let manifest = try Self.load(
            """
            failures:
              a/b/c:
                fails: "step 4 (line 42) list: ListMismatch"
                reason: the peer pages by position
              a/b/d: { fails: "given: FixtureError", reason: no rules endpoint }
              a/b/e: { reason: "an old entry, written without a pin" }
            """)
        #expect(
            manifest.entries.map(\.pin) == [
                FailurePin(place: .step(number: 4, line: 42, verb: "list"), kind: .listMismatch),
                FailurePin(place: .given, kind: .fixtureError), nil,
            ])
        #expect(
            manifest.entries.map(\.reason) == [
                "the peer pages by position", "no rules endpoint", "an old entry, written without a pin",
            ])
        #expect(manifest.unpinned.map(\.id) == ["a/b/e"])
    }

    @Test(arguments: [
        ("failures:\n  a/b: { fails: \"step 4 list\", reason: r }\n", "2:17: fails must name the failure expected"),
        ("failures:\n  a/b: { fails: \"given: Wrong\", reason: r }\n", "2:17: fails must name the failure expected"),
        ("failures:\n  a/b: { fails: \"given: FixtureError\" }\n", "2:8: a/b: give the reason it is expected to fail"),
        (
            "failures:\n  a/b: { reason: r, why: x }\n",
            "2:21: unknown key \"why\" in a/b's entry (expected fails, crashes or reason)"
        ),
    ])
    func aBadEntry(_ text: String, _ message: String) {
        #expect(Self.problem(text)?.hasPrefix(message) == true, "\(Self.problem(text) ?? "")")
    }

    /// What `--write-expectations` writes reads back the same, its header comment kept.
    @Test func aWrittenManifestReadsBack() throws {
        let manifest = ExpectationsManifest(
            path: "m.yaml", target: "peer \"x\"",
            entries: [
                .init(
                    id: "a/b/c", reason: "it says: \"no\"",
                    pin: FailurePin(place: .step(number: 2, line: 9, verb: "getData"), kind: .stepTimeout), line: 0),
                .init(id: "a/b/d", reason: "any", pin: FailurePin(place: .checks, kind: .taskInvariant), line: 0),
            ], header: ["# what the peer does", "# differently"])
        let read = try Self.load(manifest.yamlText)
        #expect(read.target == manifest.target)
        #expect(read.header == manifest.header)
        #expect(read.entries.map(\.id) == ["a/b/c", "a/b/d"])
        #expect(read.entries.map(\.pin) == manifest.entries.map(\.pin))
        #expect(read.entries.map(\.reason) == manifest.entries.map(\.reason))
    }

    @Test func anIDThatIsNotAString() {
        #expect(Self.problem("failures:\n  12: reason\n") == "2:3: a scenario id must be a string")
    }

    @Test func failuresThatAreNotAMapping() {
        #expect(
            Self.problem("failures: [a/b, c/d]\n")
                == "1:11: failures must map scenario ids to reasons, found a sequence")
    }

    @Test func aRootThatIsNotAMapping() {
        #expect(
            Self.problem("- a/b\n")?.hasPrefix("1:1: expected a mapping with target and failures, found a ") == true)
    }

    @Test func aTargetThatIsNotAString() {
        #expect(Self.problem("target: [a]\n") == "1:9: target must be a string")
    }

    @Test func twoDocuments() {
        #expect(Self.problem("failures: ~\n---\nfailures: ~\n") == "2:1: a manifest is one document")
    }

    @Test func invalidYAML() {
        #expect(Self.problem("failures:\n  a/b: reason\n  a/b: again\n")?.hasPrefix("3:") == true)
        #expect(Self.problem("failures:\n\t- x\n")?.hasPrefix("2:") == true)
    }

    @Test func aMissingFile() {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("no-such-\(UUID().uuidString).yaml")
            .path
        #expect {
            try ExpectationsManifest.load(path: path)
        } throws: { error in
            (error as? Diagnostic)?.message == "cannot read the expectations manifest"
                && (error as? Diagnostic)?.file == path
        }
    }
}

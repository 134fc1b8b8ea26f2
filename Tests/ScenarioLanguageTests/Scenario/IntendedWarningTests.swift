import Foundation
import Primitives
import ScenarioLanguage
import Testing
import YAMLReader

/// A scenario declares the warnings it causes on purpose (`lint: { CODE: why }`): they are counted, not
/// shown; a code that is not one, an entry without a reason, and an entry no warning uses are reported.
@Suite("Intended warnings and tag spelling")
struct IntendedWarningTests {
    static let oneChunkCancel = """
        scenario: a cancel that comes too late
        covers: upload-files/manage-uploads
        LINT
        steps:
          - put: a.txt
            data: { text: "one chunk" }
            as: up
          - cancel: up
            when: { progress: 1 }
          - await: up
        """

    private func decode(_ lint: String) -> (diagnostics: [Diagnostic], intended: [Diagnostic]) {
        let source = SourceFile(
            path: "suite/file.yaml", text: Self.oneChunkCancel.replacingOccurrences(of: "LINT", with: lint))
        let (_, diagnostics, intended) = ScenarioDecoder.decodeCountingIntended(source, name: "suite/file")
        return (diagnostics, intended)
    }

    @Test func aWarningCarriesItsCode() {
        let (diagnostics, intended) = decode("")
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.message.hasSuffix(" [one-chunk-trigger]") == true)
        #expect(intended.isEmpty)
    }

    @Test func anIntendedWarningIsCountedNotShown() {
        let (diagnostics, intended) = decode("lint:\n  one-chunk-trigger: the cancel is meant to come too late")
        #expect(diagnostics.isEmpty, "\(diagnostics.map(\.message))")
        #expect(intended.map(\.location.line) == [10])
    }

    @Test func anIntendedWarningOfOneScenarioDoesNotHideAnother() {
        let source = SourceFile(
            path: "f.yaml",
            text: Self.oneChunkCancel.replacingOccurrences(of: "LINT", with: "lint: { one-chunk-trigger: on purpose }")
                + "\n---\n"
                + Self.oneChunkCancel.replacingOccurrences(of: "a cancel that", with: "another cancel that")
                .replacingOccurrences(of: "LINT", with: ""))
        let (_, diagnostics, intended) = ScenarioDecoder.decodeCountingIntended(source, name: "f")
        #expect(diagnostics.map(\.location.line) == [20])
        #expect(intended.map(\.location.line) == [9])
    }

    @Test func anEntryNoWarningUsesIsAWarning() {
        let (diagnostics, _) = decode("lint:\n  one-chunk-trigger: meant\n  chunk-not-a-multiple: not here")
        #expect(
            diagnostics.map(\.message) == [
                "lint: chunk-not-a-multiple is declared intended, but this scenario has no such warning (remove the "
                    + "entry) [unused-lint-entry]"
            ])
    }

    @Test(arguments: [
        (
            "lint:\n  one-chunk-triger: x",
            "lint: unknown warning \"one-chunk-triger\" (did you mean one-chunk-trigger?)"
        ),
        ("lint:\n  one-chunk-trigger: \"\"", "lint: one-chunk-trigger: say why the warning is intended, as a string"),
        ("lint: [one-chunk-trigger]", "lint: expected a mapping of warning codes to the reason each is intended"),
    ])
    func aBadEntryIsAnError(_ lint: String, _ message: String) {
        let (diagnostics, _) = decode(lint)
        #expect(
            diagnostics.contains { $0.severity == .error && $0.message.hasPrefix(message) },
            "\(diagnostics.map(\.message))")
    }

    /// A tag one edit away from one other scenarios use is a warning at the first scenario of the rarer one; a
    /// version number changed is another tag.
    @Test func aNearDuplicateTagIsAWarning() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("tags-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        func scenario(_ name: String, _ tags: String, lint: String = "") -> String {
            "scenario: \(name)\ntags: [\(tags)]\n\(lint)steps: [{ delete: x }]\n"
        }
        try [
            scenario("one", "get-data, snapshot"), scenario("two", "get-data, snapshot"),
            scenario("three", "getData, snapshots, rules-v1"), scenario("four", "http, rules-v2"),
            scenario("five", "https, rules-v2"), scenario("six", "https"),
        ].joined(separator: "---\n").write(
            to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        let result = ScenarioLoader().load([folder.path])
        let messages = result.diagnostics.map { "\($0.location.line): \($0.message)" }
        #expect(
            messages == [
                "9: tag getData is one edit away from get-data, which 2 other scenarios use: use one spelling, so "
                    + "--tag finds them all [near-duplicate-tag]",
                "13: tag http is one edit away from https, which 2 other scenarios use: use one spelling, so --tag "
                    + "finds them all [near-duplicate-tag]",
                "9: tag snapshots is one edit away from snapshot, which 2 other scenarios use: use one spelling, so "
                    + "--tag finds them all [near-duplicate-tag]",
            ])
        try [
            scenario("four", "http", lint: "lint: { near-duplicate-tag: two schemes }\n"), scenario("five", "https"),
            scenario("six", "https"),
        ]
        .joined(separator: "---\n").write(
            to: folder.appendingPathComponent("a.yaml"), atomically: true, encoding: .utf8)
        let declared = ScenarioLoader().load([folder.path])
        #expect(declared.diagnostics.isEmpty, "\(declared.diagnostics.map(\.message))")
        #expect(declared.intended.count == 1)
    }

    /// The bundled suite has no warning left: each one it causes on purpose says so.
    @Test func theBundledSuiteIsQuiet() {
        let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Scenarios")
        let result = ScenarioLoader().load([scenarios.path])
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics.map(\.description).joined(separator: "\n"))")
        #expect(!result.intended.isEmpty)
    }
}

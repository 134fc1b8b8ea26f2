import Foundation
import ScenarioLanguage
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A temporary folder tree for loader tests, removed when the test ends.
final class TemporaryTree {
    let root: String

    init() throws {
        root = NSTemporaryDirectory() + "scenario-loader-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
    }

    deinit {
        try? FileManager.default.removeItem(atPath: root)
    }

    func path(_ relative: String) -> String { root + "/" + relative }

    /// Writes a file (creating its folders).
    func write(_ relative: String, _ text: String) throws {
        let path = path(relative)
        try FileManager.default.createDirectory(
            atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    }

    func folder(_ relative: String) throws {
        try FileManager.default.createDirectory(atPath: path(relative), withIntermediateDirectories: true)
    }

    /// A scenario file with one scenario per name.
    static func scenarios(_ names: String...) -> String {
        names.map { "scenario: \($0)\nsteps: [{ delete: a }]\n" }.joined(separator: "---\n")
    }
}

@Suite("Scenario loader")
struct LoaderTests {
    @Test func namesAreRelativeToTheEnclosingScenariosFolder() throws {
        let tree = try TemporaryTree()
        try tree.write("project/Scenarios/list/edge.yaml", TemporaryTree.scenarios("Root lists every prefix"))
        for argument in ["project/Scenarios", "project/Scenarios/list", "project/Scenarios/list/edge.yaml"] {
            let result = ScenarioLoader().load([tree.path(argument)])
            #expect(result.diagnostics.isEmpty, "\(argument)")
            #expect(result.files.map(\.name) == ["list/edge"], "\(argument)")
            #expect(result.files.first?.scenarios.map(\.id) == ["list/edge/root-lists-every-prefix"], "\(argument)")
        }
        #expect(
            ScenarioLoader().load([tree.path("project/Scenarios/list")]).files.first?.path
                == tree.path("project/Scenarios/list/edge.yaml"))
    }

    @Test func withoutAScenariosFolderTheFolderGivenOrTheFilesFolderIsTheRoot() throws {
        let tree = try TemporaryTree()
        try tree.write("other/a/b.yaml", TemporaryTree.scenarios("s"))
        #expect(ScenarioLoader().load([tree.path("other")]).files.map(\.name) == ["a/b"])
        #expect(ScenarioLoader().load([tree.path("other/a")]).files.map(\.name) == ["b"])
        #expect(ScenarioLoader().load([tree.path("other/a/b.yaml")]).files.map(\.name) == ["b"])
    }

    @Test func anExplicitRootWins() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/x/a/b.yaml", TemporaryTree.scenarios("s"))
        let loader = ScenarioLoader(root: tree.path("Scenarios/x"))
        #expect(loader.load([tree.path("Scenarios/x/a/b.yaml")]).files.map(\.name) == ["a/b"])
        try tree.folder("elsewhere")
        let outside = ScenarioLoader(root: tree.path("elsewhere")).load([tree.path("Scenarios/x/a/b.yaml")])
        #expect(outside.hasErrors)
        #expect(outside.diagnostics.first?.message.hasPrefix("the file is not under the scenario root") == true)
        let missing = ScenarioLoader(root: tree.path("missing")).load([tree.path("Scenarios/x/a/b.yaml")])
        #expect(
            missing.diagnostics.map { "\($0.file): \($0.message)" } == [
                "\(tree.path("missing")): the scenario root is not a folder"
            ])
    }

    @Test func filesAreSortedByPathAndHiddenEntriesSkipped() throws {
        let tree = try TemporaryTree()
        for name in ["z.yaml", "a.yaml", "m/b.yaml", "m/a.yaml", ".hidden/c.yaml", "m/.d.yaml", "notes.txt"] {
            try tree.write("Scenarios/" + name, TemporaryTree.scenarios("s"))
        }
        let result = ScenarioLoader().load([tree.path("Scenarios")])
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.name) == ["a", "m/a", "m/b", "z"])
    }

    /// Expectations manifests live in `Scenarios/expectations` and are never read as scenarios.
    @Test func expectationsFoldersAreNotScenarios() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/a.yaml", TemporaryTree.scenarios("s"))
        try tree.write("Scenarios/expectations/peer.yaml", "target: peer\nfailures: {}\n")
        try tree.write("Scenarios/m/expectations/other.yaml", "failures: {}\n")
        let result = ScenarioLoader().load([tree.path("Scenarios")])
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.name) == ["a"])
    }

    @Test func argumentsAreMergedSortedAndLoadedOnce() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/b.yaml", TemporaryTree.scenarios("s"))
        try tree.write("Scenarios/a.yaml", TemporaryTree.scenarios("s"))
        let result = ScenarioLoader().load([
            tree.path("Scenarios/b.yaml"), tree.path("Scenarios"), tree.path("Scenarios/a.yaml"),
        ])
        #expect(result.diagnostics.isEmpty)
        #expect(result.files.map(\.name) == ["a", "b"])
    }

    @Test func duplicateIDsAcrossFilesAreErrorsAtTheSecond() throws {
        let tree = try TemporaryTree()
        try tree.write("x/Scenarios/a.yaml", TemporaryTree.scenarios("same", "only x"))
        try tree.write("y/Scenarios/a.yaml", "# the same id again\n" + TemporaryTree.scenarios("Same"))
        let result = ScenarioLoader().load([tree.path("x/Scenarios"), tree.path("y/Scenarios")])
        #expect(result.hasErrors)
        #expect(result.diagnostics.count == 1)
        let diagnostic = try #require(result.diagnostics.first)
        #expect(diagnostic.file == tree.path("y/Scenarios/a.yaml"))
        #expect(diagnostic.location.line == 2)
        #expect(
            diagnostic.message
                == "duplicate scenario id a/same (first defined at \(tree.path("x/Scenarios/a.yaml")):1:1)")
        #expect(result.files.map { $0.scenarios.map(\.name) } == [["same", "only x"], []])
    }

    @Test func missingPathsAndWrongFilesAreErrorsNamingThem() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/a.yml", TemporaryTree.scenarios("s"))
        try tree.write("Scenarios/b.json", "{}")
        let missing = tree.path("Scenarios/missing.yaml")
        let result = ScenarioLoader().load([missing, tree.path("Scenarios/a.yml"), tree.path("Scenarios/b.json")])
        #expect(result.hasErrors)
        #expect(result.files.isEmpty)
        #expect(
            result.diagnostics.map { "\($0.file): \($0.message)" } == [
                "\(missing): no such file or folder",
                "\(tree.path("Scenarios/a.yml")): not a scenario file: scenario files end in .yaml (rename it to .yaml)",
                "\(tree.path("Scenarios/b.json")): not a scenario file: scenario files end in .yaml",
            ])
    }

    @Test func ymlFilesInAFolderAndEmptyFoldersAreWarnings() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/a.yml", TemporaryTree.scenarios("s"))
        try tree.folder("Empty")
        let result = ScenarioLoader().load([tree.path("Scenarios"), tree.path("Empty")])
        #expect(!result.hasErrors)
        #expect(result.diagnostics.map(\.severity) == [.warning, .warning, .warning])
        #expect(
            result.diagnostics.map(\.file) == [
                tree.path("Scenarios/a.yml"), tree.path("Scenarios"), tree.path("Empty"),
            ])
    }

    @Test func aFileThatIsNotRegularIsReportedNotRead() throws {
        let tree = try TemporaryTree()
        try tree.folder("Scenarios")
        #expect(mkfifo(tree.path("Scenarios/pipe.yaml"), 0o600) == 0)
        let result = ScenarioLoader().load([tree.path("Scenarios")])
        #expect(result.hasErrors)
        #expect(result.diagnostics.first?.message == "cannot read the file (not a regular file)")
    }

    @Test func decodingDiagnosticsArePassedOnWithTheirFiles() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/good.yaml", TemporaryTree.scenarios("fine"))
        try tree.write("Scenarios/bad.yaml", "scenario: broken\nsteps: [{ upload: x }]\n")
        try tree.write("Scenarios/syntax.yaml", "scenario: [\n")
        let result = ScenarioLoader().load([tree.path("Scenarios")])
        #expect(result.hasErrors)
        #expect(result.files.map(\.name) == ["bad", "good"])
        #expect(result.files.map(\.scenarios.count) == [0, 1])
        #expect(
            result.diagnostics.map(\.file) == [tree.path("Scenarios/bad.yaml"), tree.path("Scenarios/syntax.yaml")])
        #expect(result.diagnostics.first?.location.line == 2)
    }

    @Test func symbolicLinkLoopsEnd() throws {
        let tree = try TemporaryTree()
        try tree.write("Scenarios/a.yaml", TemporaryTree.scenarios("s"))
        try FileManager.default.createSymbolicLink(
            atPath: tree.path("Scenarios/loop"), withDestinationPath: tree.path("Scenarios"))
        let result = ScenarioLoader().load([tree.path("Scenarios")])
        #expect(result.files.map(\.name) == ["a"])
    }
}

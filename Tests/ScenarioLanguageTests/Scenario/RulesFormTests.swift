import Foundation
import ScenarioLanguage
import SecurityRules
import StorageAPI
import Testing
import YAMLReader

/// `given.rules` as the shorthand, as rules text (`source:`) or as a rules file (`file:`), and where lint puts a
/// rules error: at its own place in the scenario for a `|` block, in the rules file for `file:`.
@Suite struct RulesFormTests {
    static let rules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /{p=**} {
              allow read;
            }
          }
        }
        """

    static func indented(_ text: String, by spaces: Int) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false)
            .map { String(repeating: " ", count: spaces) + $0 }.joined(separator: "\n")
    }

    /// A folder for a scenario file and its rules files.
    static func folder() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("rules-form-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    @Test func sourceIsRulesTextNamedAfterTheScenarioFile() throws {
        let f = Fixture(
            "scenario: s\ngiven:\n  rules:\n    source: |\n\(Self.indented(Self.rules, by: 6))\nsteps: [{ delete: a }]\n"
        )
        let rules = try #require(try f.scenarios().first?.given.rules)
        #expect(rules.form == .inline)
        // The block starts after line 4, its lines indented by 6: rules line 1 is the file's line 5.
        let placement = RulesPlacement.block(keyLine: 4, indentation: 6)
        #expect(rules.source == RulesSource(name: "suite/file.yaml", text: Self.rules + "\n", placement: placement))
        #expect(rules.source.place(line: 1, column: 1) == "suite/file.yaml:5:7")
        #expect(rules.summary == "rules source in the scenario")
    }

    @Test func anErrorInALiteralBlockIsAtItsPlaceInTheScenarioFile() {
        let broken = Self.rules.replacingOccurrences(of: "allow read;", with: "allow read: if request.auth.uid = 1;")
        let f = Fixture(
            "scenario: s\ngiven:\n  rules:\n    source: |\n\(Self.indented(broken, by: 6))\nsteps: [{ delete: a }]\n")
        let messages = f.messages()
        #expect(messages.count == 1)
        // The allow is on line 5 of the rules, line 9 of the file, indented by 6 + 6; the = is column 45.
        #expect(messages.first?.hasPrefix("9:45: ") == true, "\(messages)")
        #expect(f.decode().diagnostics.first?.sourceLine.hasSuffix("allow read: if request.auth.uid = 1;") == true)
    }

    @Test func anErrorInAQuotedSourceNamesItsPlaceInTheText() {
        let f = Fixture(
            #"scenario: s"#
                + "\ngiven: { rules: { source: \"service firebase.storage {\\n  oops\\n}\" } }\nsteps: [{ delete: a }]\n"
        )
        let messages = f.messages()
        #expect(messages.count == 1)
        #expect(messages.first?.hasPrefix("2:27: source: line 2, column 3 of the rules: ") == true, "\(messages)")
    }

    @Test func fileIsRelativeToTheScenarioFileAndReadOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("rules"), withIntermediateDirectories: true)
        try Data(Self.rules.utf8).write(to: folder.appendingPathComponent("rules/open.rules"))
        let path = folder.appendingPathComponent("s.yaml").path
        let f = Fixture(
            "scenario: a\ngiven: { rules: { file: rules/open.rules } }\nsteps: [{ delete: a }]\n---\n"
                + "scenario: b\ngiven: { rules: { file: rules/open.rules } }\nsteps: [{ delete: a }]\n", path: path)
        let scenarios = try f.scenarios()
        #expect(scenarios.count == 2)
        #expect(scenarios[0].given.rules?.form == .file("rules/open.rules"))
        #expect(scenarios[0].given.rules?.source.name == folder.appendingPathComponent("rules/open.rules").path)
        #expect(scenarios[1].given.rules?.source.text == Self.rules)
    }

    @Test func aBrokenRulesFileIsReportedInItselfOnce() throws {
        let folder = try Self.folder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let rulesPath = folder.appendingPathComponent("bad.rules").path
        try Data(Self.rules.replacingOccurrences(of: "allow read;", with: "allow raed;").utf8)
            .write(to: URL(fileURLWithPath: rulesPath))
        let f = Fixture(
            "scenario: a\ngiven: { rules: { file: bad.rules } }\nsteps: [{ delete: a }]\n---\n"
                + "scenario: b\ngiven: { rules: { file: bad.rules } }\nsteps: [{ delete: a }]\n",
            path: folder.appendingPathComponent("s.yaml").path)
        let diagnostics = f.decode().diagnostics
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.file == rulesPath)
        #expect(diagnostics.first.map { "\($0.location)" } == "5:13")
        #expect(diagnostics.first?.description.hasSuffix("      allow raed;\n            ^") == true)
    }

    @Test(arguments: [
        (
            "{ file: missing.rules }",
            "2:25: file: cannot read the rules file missing.rules (suite/missing.rules): no such file"
        ),
        ("{ file: /etc/storage.rules }", "2:25: file: a path relative to the scenario file"),
        ("{ file: \"\" }", "2:25: file may not be empty"),
        (
            "{ source: x, allow: [] }",
            "2:17: rules: give one of the shorthand (version, allow), source or file, not allow and source"
        ),
        ("{ source: x, file: y.rules }", "2:17: rules: give one of the shorthand"),
        (
            "{ version: 1, allow: [{ path: \"a/**/b\", ops: [read] }] }",
            "2:17: rules: the shorthand cannot be written as rules: under rules_version '1'"
        ),
        ("{ sorce: x }", "2:19: unknown key \"sorce\" for rules (did you mean source?)"),
    ])
    func aRulesMappingThatCannotBeUsedIsAnError(rules: String, message: String) {
        let f = Fixture("scenario: s\ngiven: { rules: \(rules) }\nsteps: [{ delete: a }]\n")
        let messages = f.messages()
        #expect(messages.contains { $0.hasPrefix(message) }, "\(messages)")
    }

    @Test func theShorthandReachesTargetsAsItsRulesSource() throws {
        let f = Fixture(
            "scenario: s\ngiven:\n  rules:\n    allow:\n      - { path: \"users/{uid}/**\", ops: [read], if: \"request.auth.uid == uid\" }\nsteps: [{ delete: a }]\n"
        )
        let rules = try #require(try f.scenarios().first?.given.rules)
        let shorthand = try #require(rules.shorthand)
        #expect(rules.source == RulesSource(name: StorageRules.sourceName, text: shorthand.source))
        #expect(
            rules.source.text.contains("match /users/{uid}/{rest3=**} {\n      allow get: if request.auth.uid == uid;"))
        let program = try RulesProgram(rules.source)
        #expect(
            program.decide(RulesRequest(method: .get, bucket: "b", path: "users/a/x", auth: RulesAuth(uid: "a")))
                .allowed)
        #expect(
            !program.decide(RulesRequest(method: .get, bucket: "b", path: "users/a/x", auth: RulesAuth(uid: "z")))
                .allowed)
    }
}

import Primitives
import ScenarioLanguage
import Testing
import YAMLReader

@Suite("Warnings")
struct WarningTests {
    private func warnings(_ f: Fixture) -> [Diagnostic] {
        f.decode().diagnostics.filter { $0.severity == .warning }
    }

    @Test func plainScalarsThatYAML11ReadsDifferentlyAreWarnedAbout() throws {
        let f = Fixture(
            """
            scenario: ambiguous
            tags: [yes, off]
            given: { user: on }
            steps:
              - put: a
                data: { text: 1_000 }
            """)
        let (file, diagnostics) = f.decode()
        #expect(diagnostics.allSatisfy { $0.severity == .warning })
        #expect(try #require(file).scenarios.count == 1, "a file with only warnings is valid")
        #expect(diagnostics.map { "\($0.location.line):\($0.location.column)" } == ["2:8", "2:13", "3:16", "6:19"])
        #expect(
            diagnostics[0].message
                == "yes is a string in YAML 1.2 but the boolean true in YAML 1.1 loaders such as PyYAML; quote it (\"yes\") to keep it a string everywhere [yaml11-scalar]"
        )
        #expect(diagnostics[3].message.hasPrefix("1_000 is a string in YAML 1.2 but the integer 1000 in YAML 1.1"))
    }

    /// `n` and `y` are booleans only in YAML 1.1's type list: PyYAML keeps them strings, and the warning says so.
    @Test func singleLetterBooleansDoNotBlamePyYAML() throws {
        let f = Fixture("scenario: s\ndescription: n\nsteps: [{ delete: a }]")
        let message = try #require(warnings(f).first?.message)
        #expect(
            message
                == "n is a string in YAML 1.2 but the boolean false in YAML 1.1's type list, which some loaders follow (go-yaml v2; PyYAML keeps it a string); quote it (\"n\") to keep it a string everywhere [yaml11-scalar]"
        )
    }

    @Test func ambiguousNumbersAndKeysAreWarnedAboutToo() {
        let f = stepsFixture("- getData: a\n  maxSize: 1.5e3\n  expect: { metadata: { contentType: 2024-01-31 } }")
        let messages = warnings(f).map { "\($0.location.line):\($0.location.column): \($0.message)" }
        #expect(
            messages.contains { $0.hasPrefix("4:14: 1.5e3 is the float 1500.0 in YAML 1.2 but a string in YAML 1.1") })
        #expect(
            messages.contains {
                $0.hasPrefix("5:40: 2024-01-31 is a string in YAML 1.2 but a date or time in YAML 1.1")
            })
        let keys = warnings(Fixture("scenario: s\nsteps: [{ delete: a }]\ngiven: { objects: { on: { empty: true } } }"))
        #expect(keys.map(\.location.column) == [21])
    }

    @Test(arguments: ["", "# only a comment\n", "---\n", "---\n...\n---\n"])
    func anEmptyFileIsAWarning(_ text: String) throws {
        let (file, diagnostics) = Fixture(text).decode()
        #expect(try #require(file).scenarios.isEmpty)
        #expect(diagnostics.count == 1)
        #expect(diagnostics.first?.severity == .warning)
        #expect(diagnostics.first?.message == "the file holds no scenarios")
    }

    @Test func emptyDocumentsBetweenScenariosAreSkipped() throws {
        let scenarios = try Fixture("---\n---\nscenario: a\nsteps: [{ delete: x }]\n---\n").scenarios()
        #expect(scenarios.map(\.name) == ["a"])
    }

    @Test func anEmptyTargetListIsAWarning() throws {
        let f = Fixture("scenario: s\ntargets: []\nsteps: [{ delete: x }]")
        #expect(f.messages() == ["2:10: targets is empty, so this scenario never runs [empty-targets]"])
        #expect(try #require(f.decode().file).scenarios.first?.targets == [])
    }
}

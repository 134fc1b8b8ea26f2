import ScenarioLanguage
import Testing
import YAMLReader

/// What a scenario needs beyond plain object storage, read from what it says.
@Suite struct ScenarioNeedTests {
    private func needs(_ text: String) throws -> Set<ScenarioNeed> {
        let (file, diagnostics) = ScenarioDecoder.decode(SourceFile(path: "n.yaml", text: text), name: "n")
        #expect(diagnostics.filter { $0.severity == .error }.isEmpty, "\(diagnostics)")
        return try #require(file?.scenarios.first).needs
    }

    @Test func plainStorageNeedsNothing() throws {
        #expect(try needs("scenario: s\nsteps:\n  - getMetadata: a\n    expect: { error: objectNotFound }\n").isEmpty)
        // A download resumed after a replacement starts over on every dialect (the GCS client pins generations).
        #expect(try needs("scenario: s\ntags: [if-range]\nsteps:\n  - delete: a\n").isEmpty)
    }

    @Test(arguments: [
        (
            "given:\n  rules:\n    allow:\n      - { path: \"**\", ops: [read] }\n", "  - delete: a\n",
            ScenarioNeed.rules
        ),
        ("given:\n  user: invalid\n", "  - delete: a\n", .firebaseAuth),
        ("", "  - downloadURL: a\n", .downloadURLs),
        ("", "  - delete: a\n    expect: { error: { code: objectNotFound, message: nope } }\n", .errorMessages),
        ("tags: [v0-layer]\n", "  - delete: a\n", .v0Layer),
    ])
    func eachFirebasePartIsANeed(given: String, steps: String, need: ScenarioNeed) throws {
        #expect(try needs("scenario: s\n" + given + "steps:\n" + steps) == [need])
    }
}

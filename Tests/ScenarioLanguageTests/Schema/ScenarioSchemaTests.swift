import Foundation
import ScenarioLanguage
import Testing

/// The JSON Schema the `schema` command prints: valid JSON with a branch per verb, and the document's keys.
/// `.ci/check_schema.py` validates every bundled scenario against it with a JSON Schema library.
@Suite struct ScenarioSchemaTests {
    private func schema() throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: Data(ScenarioSchema.json().utf8)) as? [String: Any])
    }

    @Test func everyVerbIsAStepBranch() throws {
        let definitions = try #require(try schema()["definitions"] as? [String: Any])
        let step = try #require(definitions["step"] as? [String: Any])
        let branches = try #require(step["oneOf"] as? [[String: Any]])
        let verbs = branches.compactMap { ($0["required"] as? [String])?.first }
        #expect(
            Set(verbs) == [
                "ref", "put", "getData", "write", "pause", "resume", "cancel", "await", "observe", "removeObserver",
                "removeAllObservers", "downloadURL", "list", "listAll", "getMetadata", "updateMetadata", "delete",
                "fault",
            ])
        for branch in branches {
            #expect(branch["additionalProperties"] as? Bool == false)
        }
        let put = try #require(branches.first { ($0["required"] as? [String]) == ["put"] })
        let keys = try #require(put["properties"] as? [String: Any]).keys.sorted()
        #expect(keys == ["as", "chunkSize", "data", "expect", "file", "metadata", "put"])
    }

    @Test func aDocumentNeedsItsNameAndSteps() throws {
        let schema = try schema()
        #expect(schema["$schema"] as? String == "http://json-schema.org/draft-07/schema#")
        #expect(schema["required"] as? [String] == ["scenario", "steps"])
        let properties = try #require(schema["properties"] as? [String: Any])
        #expect(
            properties.keys.sorted() == [
                "covers", "description", "given", "lint", "scenario", "steps", "tags", "targets",
            ])
    }
}

/// `given.rules` in the schema: the shorthand, or one of `source` and `file`, each alone.
@Suite struct RulesSchemaTests {
    @Test func rulesAreTheShorthandOrSourceOrFile() throws {
        let schema = try #require(
            try JSONSerialization.jsonObject(with: Data(ScenarioSchema.json().utf8)) as? [String: Any])
        let definitions = try #require(schema["definitions"] as? [String: Any])
        let rules = try #require(definitions["rules"] as? [String: Any])
        let branches = try #require(rules["anyOf"] as? [[String: Any]])
        let keys = branches.map { (($0["properties"] as? [String: Any])?.keys.sorted()) ?? [] }
        #expect(keys == [["allow", "version"], ["source"], ["file"]])
        #expect(branches.allSatisfy { $0["additionalProperties"] as? Bool == false })
        #expect(branches.dropFirst().map { $0["required"] as? [String] } == [["source"], ["file"]])
    }
}

import Foundation
import Harness
import Testing

/// `lint` refuses rules that read a field `request`, `request.auth`, `resource` or `request.resource` does not
/// have, in a rules file and in a scenario's rules, with the closest name.
@Suite("lint: unknown rules fields")
struct LintRulesFieldsTests {
    static let misspelt = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o/{name} {
            allow read: if resource.metdata.owner == request.auht.uid;
            allow write: if request.resource.contnetType.matches('image/.*') && request.auth.token.anyClaim == 1;
          }
        }

        """

    @Test func aRulesFileWithUnknownFieldsFailsWithEachOneAtItsPlace() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("rules.rules", Self.misspelt)
        let run = ToolRun(["lint", path])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output == "1 rules file: 3 errors\n")
        let blocks = run.errors.components(separatedBy: "\nerror: ")
        try #require(blocks.count == 3, "\(run.errors)")
        #expect(
            blocks[0]
                == "error: \(path):4:29: unknown field 'metdata' of resource; did you mean 'metadata'?\n"
                + "    allow read: if resource.metdata.owner == request.auht.uid;\n"
                + "                            ^")
        #expect(blocks[1].hasPrefix("\(path):4:54: unknown field 'auht' of request; did you mean 'auth'?\n"))
        #expect(
            blocks[2].hasPrefix(
                "\(path):5:38: unknown field 'contnetType' of request.resource; did you mean 'contentType'?\n"))
    }

    @Test func theFieldsTheServiceShowsTheRulesPass() throws {
        let folder = try TemporaryFolder()
        let fields = [
            "name", "bucket", "generation", "metageneration", "size", "timeCreated", "updated", "md5Hash", "crc32c",
            "etag", "contentDisposition", "contentEncoding", "contentLanguage", "contentType", "cacheControl",
            "metadata",
        ]
        let reads =
            ["request.auth.uid", "request.auth.token.email", "request.path", "request.method", "request.time"]
            + fields.flatMap { ["resource.\($0)", "request.resource.\($0)"] } + ["resource.metadata.any"]
        let path = try folder.write(
            "all.rules",
            "service firebase.storage { match /b/{bucket}/o/{name} { allow read: if "
                + reads.map { "\($0) != 1" }.joined(separator: "\n  && ") + "; } }\n")
        let run = ToolRun(["lint", path])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output == "1 rules file: 0 errors\n")
    }

    /// Inline rules in a `|` block: the error is at its own place in the scenario file.
    @Test func aScenariosInlineRulesWithAnUnknownFieldFail() throws {
        let folder = try TemporaryFolder()
        let indented = Self.misspelt.split(separator: "\n").map { "      " + $0 }.joined(separator: "\n")
        let path = try folder.write(
            "Scenarios/rules.yaml",
            "scenario: typo\ngiven:\n  rules:\n    source: |\n\(indented)\nsteps: [{ delete: a }]\n")
        let run = ToolRun(["lint", folder.path("Scenarios")])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.output.hasSuffix(": 3 errors, 0 warnings\n"), "\(run.both)")
        #expect(
            run.errors.hasPrefix(
                "error: \(path):8:35: unknown field 'metdata' of resource; did you mean 'metadata'?\n"
                    + "          allow read: if resource.metdata.owner == request.auht.uid;\n"),
            "\(run.errors)")
    }

    /// `file:` rules: the error is in the rules file, as a load error is.
    @Test func aScenariosRulesFileWithAnUnknownFieldFails() throws {
        let folder = try TemporaryFolder()
        let rules = try folder.write("Scenarios/typo.rules", Self.misspelt)
        _ = try folder.write(
            "Scenarios/rules.yaml", "scenario: typo\ngiven: { rules: { file: typo.rules } }\nsteps: [{ delete: a }]\n")
        let run = ToolRun(["lint", folder.path("Scenarios")])
        #expect(run.code == 1, "\(run.both)")
        #expect(run.errors.contains("error: \(rules):4:29: unknown field 'metdata' of resource"), "\(run.errors)")
    }

    /// The bundled rules files read no unknown field (the scenarios that name them are linted elsewhere).
    @Test func theBundledRulesFilesPass() throws {
        var directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        while !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Scenarios").path) {
            directory.deleteLastPathComponent()
            try #require(directory.path != "/")
        }
        let scenarios = directory.appendingPathComponent("Scenarios")
        let files = try #require(FileManager.default.enumerator(atPath: scenarios.path)).compactMap { $0 as? String }
            .filter { $0.hasSuffix(".rules") }.map { scenarios.appendingPathComponent($0).path }
        try #require(!files.isEmpty)
        let run = ToolRun(["lint"] + files)
        #expect(run.code == 0, "\(run.both)")
        #expect(run.errors.isEmpty, "\(run.errors)")
    }
}

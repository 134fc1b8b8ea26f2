import FirebaseV0
import Foundation
import SecurityRules
import StorageAPI
import StorageServer
import Testing

/// `serve --rules FILE` and `lint FILE.rules` as a user runs them: a rules file written the way the Firebase
/// docs write it decides requests; a broken one stops serve before it listens, or is kept out on an edit.
@Suite("serve --rules") struct ServeRulesTests {
    static let userFiles = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{userId}/{allPaths=**} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }
          }
        }

        """
    static let broken =
        "service firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth.uid = 1;\n  }\n}\n"

    @Test func aBrokenRulesFileStopsServeBeforeItListens() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("storage.rules", Self.broken)
        let run = ToolRun(["serve", "--port", "0", "--rules", path])
        #expect(run.code == 2, "\(run.both)")
        #expect(run.errors.contains("\(path):3:37: "), "\(run.errors)")
        #expect(
            run.errors.contains("\n    allow read: if request.auth.uid = 1;\n                                    ^"))
        #expect(!run.output.contains("serving"))
        let missing = ToolRun(["serve", "--port", "0", "--rules", folder.path("none.rules")])
        #expect(missing.code == 2)
        #expect(missing.errors.contains("cannot read the rules file \(folder.path("none.rules"))"))
    }

    @Test func theRulesFileDecidesAndIsReloadedWhenItChanges() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("storage.rules", Self.userFiles)
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let serve = try SpawnedTool(binary, ["serve", "--port", "0", "--rules", path], in: folder.url)
        defer {
            serve.terminate()
            _ = serve.waitForExit(timeout: 10)
        }
        let announced = try #require(serve.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30))
        let port = try #require(Int(announced))
        #expect(serve.output.contains("deciding every bucket with the rules of \(path) (rules_version 2)"))
        let url = try #require(URL(string: "http://127.0.0.1:\(port)"))
        let alice = FirebaseV0Client(baseURL: url, requestTimeout: 10)
        let own = ObjectAddress(bucket: "bkt", name: "users/alice/a.txt", auth: IDToken.unsigned(uid: "alice"))
        let stranger = ObjectAddress(bucket: "bkt", name: "users/alice/a.txt", auth: IDToken.unsigned(uid: "bob"))
        _ = try alice.uploadObject(own, data: Data("a".utf8), metadata: ObjectMetadataFields())
        #expect(throws: BackendError.self) { try alice.getMetadata(stranger) }

        // A broken edit keeps the rules before it, and serve says so with the error's place.
        try Data(Self.broken.utf8).write(to: URL(fileURLWithPath: path))
        #expect(Self.eventually { serve.errors.contains("keeping the rules loaded before") }, "\(serve.errors)")
        #expect(serve.errors.contains("\(path):3:37: "))
        #expect(throws: BackendError.self) { try alice.getMetadata(stranger) }
        #expect(throws: Never.self) { try alice.getMetadata(own) }

        // A good edit is loaded: now everyone reads.
        let open = Self.userFiles.replacingOccurrences(
            of: "allow read, write: if", with: "allow read;\n      allow write: if")
        try Data(open.utf8).write(to: URL(fileURLWithPath: path))
        #expect(Self.eventually { (try? alice.getMetadata(stranger)) != nil }, "\(serve.errors)")
        #expect(Self.eventually { serve.errors.contains("reloaded the rules from \(path)") }, "\(serve.errors)")
        // setRules, the emulator's route, replaces them until the file changes again.
        try alice.setRules(RulesSource(name: "closed.rules", text: "service firebase.storage {}"))
        #expect(throws: BackendError.self) { try alice.getMetadata(own) }
    }

    /// Fixtures are admin writes (docs/security-rules.md §5): a rules file that refuses every write does not
    /// keep a scenario's `given.objects` out, and its reads are still decided by the file.
    @Test func fixturesBypassTheRulesFile() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write(
            "storage.rules",
            "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n"
                + "    match /{all=**} {\n      allow read;\n    }\n  }\n}\n")
        try folder.write(
            "Scenarios/fixture.yaml",
            """
            scenario: a fixture under a rules file that refuses writes
            given:
              objects:
                photos/a.jpg: { text: "a", contentType: image/jpeg }
            steps:
              - getMetadata: photos/a.jpg
                expect:
                  metadata: { contentType: image/jpeg, size: 1 }

            """)
        let binary = try #require(SpawnedTool.binary, "build the storage-conformance product first")
        let serve = try SpawnedTool(binary, ["serve", "--port", "0", "--rules", path], in: folder.url)
        defer {
            serve.terminate()
            _ = serve.waitForExit(timeout: 10)
        }
        let port = try #require(serve.waitForOutput(matching: "http://127\\.0\\.0\\.1:([0-9]+)\n", timeout: 30))
        let run = ToolRun([
            "run", folder.path("Scenarios"), "--target", "http://127.0.0.1:\(port)", "--junit",
            folder.path("junit.xml"),
        ])
        #expect(run.code == 0, "\(run.both)")
        #expect(run.output.contains("1 passed"), "\(run.both)")
    }

    @Test func lintChecksRulesFiles() throws {
        let folder = try TemporaryFolder()
        let good = try folder.write("good.rules", Self.userFiles)
        let bad = try folder.write("bad.rules", Self.broken)
        let passing = ToolRun(["lint", good])
        #expect(passing.code == 0, "\(passing.both)")
        #expect(passing.output.contains("1 rules file: 0 errors"))
        let failing = ToolRun(["lint", good, bad])
        #expect(failing.code == 1)
        #expect(failing.errors.contains("error: \(bad):3:37: "), "\(failing.errors)")
        #expect(failing.output.contains("2 rules files: 1 error\n"))
        let missing = ToolRun(["lint", folder.path("none.rules")])
        #expect(missing.code == 1)
        #expect(
            missing.errors.contains("error: \(folder.path("none.rules")): cannot read the rules file (no such file)"))
    }

    /// Waits (up to 20 s, polling) for `condition`.
    static func eventually(_ condition: () -> Bool) -> Bool {
        let deadline = Date() + 20
        while Date() < deadline {
            if condition() { return true }
            Thread.sleep(forTimeInterval: 0.02)
        }
        return condition()
    }
}

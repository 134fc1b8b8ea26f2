import FirebaseV0
import Foundation
import SecurityRules
import StorageAPI
import StorageServer
import StorageWire
import Testing

/// The Firebase emulator's `PUT /internal/setRules`, as `serve` answers it, and one bucket's rules as files.
@Suite struct SetRulesRouteTests {
    static let docsRules = """
        rules_version = '2';
        service firebase.storage {
          match /b/{bucket}/o {
            match /users/{userId}/{allPaths=**} {
              allow read, write: if request.auth != null && request.auth.uid == userId;
            }
          }
        }
        """

    static func body(_ files: [(name: String, content: String, resource: String?)]) -> String {
        String(
            decoding: RulesFilesJSON.encode(
                files.map {
                    RulesFilesJSON.File(source: RulesSource(name: $0.name, text: $0.content), bucket: $0.resource)
                }
            ), as: UTF8.self)
    }

    @Test func oneFileDecidesEveryBucket() throws {
        let served = try ServedStorage()
        try served.seed("users/alice/a.txt", "a", bucket: "one")
        try served.seed("users/alice/a.txt", "a", bucket: "two")
        let put = try served.send(
            "PUT", "/internal/setRules", text: Self.body([("storage.rules", Self.docsRules, nil)]))
        #expect(put.status == 200)
        #expect(put.json["message"] as? String == "Rules updated successfully")
        let alice = ("Authorization", "Firebase \(IDToken.unsigned(uid: "alice"))")
        let bob = ("Authorization", "Firebase \(IDToken.unsigned(uid: "bob"))")
        for bucket in ["one", "two"] {
            #expect(try served.send("GET", "/v0/b/\(bucket)/o/users%2Falice%2Fa.txt", headers: [alice]).status == 200)
            #expect(try served.send("GET", "/v0/b/\(bucket)/o/users%2Falice%2Fa.txt", headers: [bob]).status == 403)
            #expect(try served.send("GET", "/v0/b/\(bucket)/o/users%2Falice%2Fa.txt").status == 403)
        }
        #expect(served.backend.rules(for: "three")?.source.name == "storage.rules")
    }

    @Test func aBrokenFileIs400WithItsPlaceAndChangesNothing() throws {
        let served = try ServedStorage()
        let broken =
            "rules_version = '2';\nservice firebase.storage {\n  match /b/{bucket}/o {\n    allow read: if request.auth.uid = 'x';\n  }\n}\n"
        let put = try served.send("PUT", "/internal/setRules", text: Self.body([("storage.rules", broken, nil)]))
        #expect(put.status == 400)
        let message = try #require(put.errorMessage)
        #expect(message.hasPrefix("storage.rules:4:"), "\(message)")
        #expect(message.contains("\n    allow read: if request.auth.uid = 'x';\n"), "\(message)")
        #expect(message.hasSuffix("^"), "\(message)")
        #expect(served.backend.rules(for: "bkt") == nil)
    }

    @Test(arguments: [
        ("{}", "Request body must include 'rules.files' array"),
        (#"{"rules":{"files":[]}}"#, "Request body must include 'rules.files' array"),
        (#"{"rules":{"files":[{"name":"a"}]}}"#, "must contain 'name' and 'content'"),
        (
            #"{"rules":{"files":[{"name":"a","content":""},{"name":"b","content":"","resource":"x"}]}}"#,
            "must contain 'name', 'content', and 'resource'"
        ),
        (#"{"rules":{"files":[{"name":"a","content":"","resource":"Bad Bucket!"}]}}"#, "ucket"),
        ("not json", "not valid JSON"),
    ])
    func aMalformedBodyIs400WithTheReason(body: String, reason: String) throws {
        let served = try ServedStorage()
        let put = try served.send("PUT", "/internal/setRules", text: body)
        #expect(put.status == 400)
        #expect(put.errorMessage?.contains(reason) == true, "\(put.errorMessage ?? put.text)")
    }

    /// A file's `resource` names the bucket it is for: serve keeps rules per bucket (the emulator applies a single
    /// file to every bucket whatever its resource).
    @Test func aResourceScopesAFileToItsBucket() throws {
        let served = try ServedStorage()
        let denyAll = "service firebase.storage { match /b/{bucket}/o { } }"
        let put = try served.send(
            "PUT", "/internal/setRules",
            text: Self.body([("locked.rules", denyAll, "locked"), ("users.rules", Self.docsRules, "users")]))
        #expect(put.status == 200)
        #expect(served.backend.rules(for: "locked")?.source.name == "locked.rules")
        #expect(served.backend.rules(for: "users")?.source.name == "users.rules")
        #expect(served.backend.rules(for: "open") == nil)
        try served.seed("a.txt", "a", bucket: "locked")
        try served.seed("a.txt", "a", bucket: "open")
        #expect(try served.send("GET", "/v0/b/locked/o/a.txt").status == 403)
        #expect(try served.send("GET", "/v0/b/open/o/a.txt").status == 200)
    }

    @Test func oneBucketsRulesAreAFileOrTheShorthand() throws {
        let served = try ServedStorage()
        let file = Self.body([("b.rules", Self.docsRules, nil)])
        #expect(try served.send("PUT", "/internal/buckets/bkt/rules", text: file).status == 200)
        #expect(served.backend.rules(for: "bkt")?.source.text == Self.docsRules)
        let elsewhere = Self.body([("b.rules", Self.docsRules, "other")])
        let mismatch = try served.send("PUT", "/internal/buckets/bkt/rules", text: elsewhere)
        #expect(mismatch.status == 400)
        #expect(mismatch.errorMessage?.contains("\"other\"") == true)
        let versionOne = #"{"version":1,"allow":[{"path":"a/**/b","ops":["read"]}]}"#
        let refused = try served.send("PUT", "/internal/buckets/bkt/rules", text: versionOne)
        #expect(refused.status == 400)
        #expect(refused.errorMessage?.hasPrefix("shorthand.rules:") == true, "\(refused.errorMessage ?? "")")
    }

    @Test func setRulesIsBehindTheAdminGuard() throws {
        let served = try ServedStorage(hostPolicy: HostPolicy(adminToken: "s3cret"))
        let body = Self.body([("storage.rules", Self.docsRules, nil)])
        #expect(try served.send("PUT", "/internal/setRules", text: body).status == 403)
        #expect(
            try served.send("PUT", "/internal/setRules", headers: [("Origin", "https://evil.example")], text: body)
                .status == 403)
        #expect(served.backend.rules(for: "bkt") == nil)
        let allowed = try served.send(
            "PUT", "/internal/setRules", headers: [("Authorization", "Bearer s3cret")], text: body)
        #expect(allowed.status == 200)
        #expect(
            try served.send("GET", "/internal/setRules", headers: [("Authorization", "Bearer s3cret")]).status == 405)
    }

    @Test func theClientSetsAndReadsRules() throws {
        let served = try ServedStorage()
        let client = served.client()
        #expect(try client.answersSetRules())
        try client.setRules(RulesSource(name: "mine.rules", text: Self.docsRules), bucket: "bkt")
        #expect(try client.rules(bucket: "bkt")?.name == "mine.rules")
        #expect(try client.rules(bucket: "other") == nil)
        #expect {
            try client.setRules(RulesSource(name: "bad.rules", text: "service x {}"))
        } throws: { error in
            (error as? BackendError)?.status == 400
                && (error as? BackendError)?.message.contains("bad.rules:1:") == true
        }
    }
}

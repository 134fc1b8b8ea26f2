import Foundation
import ReferenceService
import Testing

/// The GCS resources of a bucket and its objects (metadata, ACLs, IAM policy, notifications, HMAC keys) outlive a
/// restart on the same `--data-dir`, travel through an export and its import, and go with their bucket.
@Suite struct GCSResourcePersistenceTests {
    private static let json = [("Content-Type", "application/json")]

    /// Sets one of each resource on `bkt` (which holds `dir/o`); returns the HMAC key's access id.
    private static func populate(_ served: ServedStorage) throws -> String {
        try served.seed("dir/o", "x")
        let writes: [(String, String, String)] = [
            (
                "PATCH", "/storage/v1/b/bkt",
                #"{"labels":{"team":"a"},"versioning":{"enabled":true},"cors":[{"origin":["*"]}],"lifecycle":{"rule":[{"action":{"type":"Delete"},"condition":{"age":3}}]},"retentionPolicy":{"retentionPeriod":"60"}}"#
            ),
            ("POST", "/storage/v1/b/bkt/acl", #"{"entity":"user-a@example.com","role":"WRITER"}"#),
            ("POST", "/storage/v1/b/bkt/defaultObjectAcl", #"{"entity":"allUsers","role":"READER"}"#),
            ("POST", "/storage/v1/b/bkt/o/dir%2Fo/acl", #"{"entity":"group-g@example.com","role":"OWNER"}"#),
            (
                "PUT", "/storage/v1/b/bkt/iam",
                #"{"bindings":[{"role":"roles/storage.admin","members":["user:a@example.com"]}]}"#
            ),
            ("POST", "/storage/v1/b/bkt/notificationConfigs", #"{"topic":"t","payload_format":"NONE"}"#),
        ]
        for (method, path, body) in writes {
            let answer = try served.send(method, path, headers: Self.json, text: body)
            #expect(answer.status == 200, "\(method) \(path): \(answer.text)")
        }
        let key = try served.send("POST", "/storage/v1/projects/p/hmacKeys?serviceAccountEmail=sa%40p.iam")
        return try #require((key.json["metadata"] as? [String: Any])?["accessId"] as? String)
    }

    /// Reads every resource back as `populate` set it.
    private static func expectPopulated(_ served: ServedStorage, accessId: String) throws {
        let bucket = try served.send("GET", "/storage/v1/b/bkt?projection=full")
        #expect(bucket.json["labels"] as? [String: String] == ["team": "a"], "\(bucket.text)")
        #expect((bucket.json["versioning"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect((bucket.json["cors"] as? [Any])?.count == 1)
        #expect(((bucket.json["lifecycle"] as? [String: Any])?["rule"] as? [Any])?.count == 1)
        #expect((bucket.json["retentionPolicy"] as? [String: Any])?["retentionPeriod"] as? String == "60")
        #expect(bucket.json["metageneration"] as? String == "4", "a patch and two ACL inserts")
        let entities = { (path: String) throws -> [String] in
            let list = try served.send("GET", path)
            return ((list.json["items"] as? [[String: Any]]) ?? []).compactMap { $0["entity"] as? String }
        }
        #expect(try entities("/storage/v1/b/bkt/acl").contains("user-a@example.com"))
        #expect(try entities("/storage/v1/b/bkt/defaultObjectAcl").contains("allUsers"))
        #expect(try entities("/storage/v1/b/bkt/o/dir%2Fo/acl").contains("group-g@example.com"))
        let policy = try served.send("GET", "/storage/v1/b/bkt/iam")
        let roles = ((policy.json["bindings"] as? [[String: Any]]) ?? []).compactMap { $0["role"] as? String }
        #expect(roles == ["roles/storage.admin"], "\(policy.text)")
        let notifications = try served.send("GET", "/storage/v1/b/bkt/notificationConfigs")
        #expect((notifications.json["items"] as? [Any])?.count == 1, "\(notifications.text)")
        let key = try served.send("GET", "/storage/v1/projects/p/hmacKeys/\(accessId)")
        #expect(key.json["state"] as? String == "ACTIVE", "\(key.text)")
    }

    @Test func resourcesOutliveARestartOnTheSameDataDirectory() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("gcs-\(UUID().uuidString)").path
        let copy = folder + "-after"
        defer {
            try? FileManager.default.removeItem(atPath: folder)
            try? FileManager.default.removeItem(atPath: copy)
        }
        let served = try ServedStorage(backend: ReferenceBackend(directory: DataDirectory.open(folder)))
        try served.backend.createBucket("bkt")
        let accessId = try Self.populate(served)
        served.server.stop()
        // What the folder holds once the first process is gone (a copy: the first one still holds its lock).
        try FileManager.default.copyItem(atPath: folder, toPath: copy)
        try? FileManager.default.removeItem(atPath: copy + "/.lock")
        let restarted = try ServedStorage(backend: ReferenceBackend(directory: DataDirectory.open(copy)))
        try Self.expectPopulated(restarted, accessId: accessId)
    }

    @Test func resourcesTravelThroughAnExportAndItsImport() throws {
        let export = FileManager.default.temporaryDirectory.appendingPathComponent("gcs-export-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: export) }
        let served = try ServedStorage.withBucket()
        let accessId = try Self.populate(served)
        try served.backend.createBucket("empty-bkt")
        #expect(
            try served.send("PATCH", "/storage/v1/b/empty-bkt", headers: Self.json, text: #"{"labels":{"k":"v"}}"#)
                .status == 200)
        try EmulatorExport.write(served.backend, to: export, version: "1")
        let imported = ReferenceBackend()
        let loaded = try EmulatorExport.load(from: export, into: imported)
        #expect(loaded.objects == 1 && loaded.buckets == 2)
        let copy = try ServedStorage(backend: imported)
        try Self.expectPopulated(copy, accessId: accessId)
        let empty = try copy.send("GET", "/storage/v1/b/empty-bkt")
        #expect(empty.json["labels"] as? [String: String] == ["k": "v"], "\(empty.text)")
    }

    @Test func aBucketMadeAgainStartsAfresh() throws {
        let served = try ServedStorage.withBucket()
        _ = try Self.populate(served)
        #expect(try served.send("DELETE", "/storage/v1/b/bkt/o/dir%2Fo").status == 204)
        #expect(try served.send("DELETE", "/storage/v1/b/bkt").status == 204)
        try served.backend.createBucket("bkt")
        let bucket = try served.send("GET", "/storage/v1/b/bkt")
        #expect(bucket.json["labels"] == nil && bucket.json["metageneration"] as? String == "1", "\(bucket.text)")
        let notifications = try served.send("GET", "/storage/v1/b/bkt/notificationConfigs")
        #expect((notifications.json["items"] as? [Any])?.isEmpty ?? true)
    }
}

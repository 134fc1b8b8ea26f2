import Foundation
import Testing

/// The GCS JSON API's bucket metadata, ACL, IAM, notification, HMAC key, service account and compose routes on
/// `serve`, and its 501 for the rest.
@Suite struct GCSResourceRouteTests {
    private static let json = [("Content-Type", "application/json")]

    @Test func bucketPatchMergesLabelsChecksMetagenerationAndLocksRetention() throws {
        let served = try ServedStorage.withBucket()
        let patched = try served.send(
            "PATCH", "/storage/v1/b/bkt?ifMetagenerationMatch=1", headers: Self.json,
            text:
                #"{"labels":{"a":"1","b":"2"},"versioning":{"enabled":true},"retentionPolicy":{"retentionPeriod":"60"}}"#
        )
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json["metageneration"] as? String == "2")
        #expect(patched.json["labels"] as? [String: String] == ["a": "1", "b": "2"])
        let merged = try served.send("PATCH", "/storage/v1/b/bkt", headers: Self.json, text: #"{"labels":{"a":null}}"#)
        #expect(merged.json["labels"] as? [String: String] == ["b": "2"])
        #expect(try served.send("PATCH", "/storage/v1/b/bkt?ifMetagenerationMatch=1", text: "{}").status == 412)
        #expect(try served.send("POST", "/storage/v1/b/bkt/lockRetentionPolicy").status == 400)
        let locked = try served.send("POST", "/storage/v1/b/bkt/lockRetentionPolicy?ifMetagenerationMatch=3")
        #expect((locked.json["retentionPolicy"] as? [String: Any])?["isLocked"] as? Bool == true)
        let shortened = try served.send(
            "PATCH", "/storage/v1/b/bkt", headers: Self.json, text: #"{"retentionPolicy":{"retentionPeriod":"10"}}"#)
        #expect(shortened.status == 403)
        let replaced = try served.send(
            "PUT", "/storage/v1/b/bkt", headers: Self.json, text: #"{"storageClass":"COLDLINE"}"#)
        #expect(replaced.json["labels"] == nil)
        #expect(replaced.json["storageClass"] as? String == "COLDLINE")
    }

    @Test func aBucketTakesEveryPredefinedACLPythonStorageSends() throws {
        let served = try ServedStorage.withBucket()
        for name in ["bucketOwnerFullControl", "bucketOwnerRead", "publicReadWrite", "projectPrivate"] {
            let patched = try served.send(
                "PATCH", "/storage/v1/b/bkt?predefinedAcl=\(name)&projection=full", headers: Self.json, text: "{}")
            #expect(patched.status == 200, "\(name): \(patched.text)")
        }
        let owners = try served.send(
            "PATCH", "/storage/v1/b/bkt?predefinedAcl=bucketOwnerFullControl&projection=full", headers: Self.json,
            text: "{}")
        #expect((owners.json["acl"] as? [[String: Any]])?.map { $0["entity"] as? String } == ["project-owners-0"])
        let unknown = try served.send(
            "PATCH", "/storage/v1/b/bkt?predefinedAcl=everyone", headers: Self.json, text: "{}")
        #expect(unknown.status == 400)
    }

    @Test func aclCollectionsRefuseMalformedEntriesAndAnswerUnknownEntitiesWith404() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("dir/o", "x")
        for base in ["/storage/v1/b/bkt/acl", "/storage/v1/b/bkt/defaultObjectAcl", "/storage/v1/b/bkt/o/dir%2Fo/acl"] {
            let list = try served.send("GET", base)
            #expect(list.status == 200, "\(base): \(list.text)")
            #expect((list.json["items"] as? [[String: Any]])?.isEmpty == false)
            let badRole = try served.send(
                "POST", base, headers: Self.json, text: #"{"entity":"allUsers","role":"ADMIN"}"#)
            #expect(badRole.status == 400)
            let badEntity = try served.send(
                "POST", base, headers: Self.json, text: #"{"entity":"nobody","role":"READER"}"#)
            #expect(badEntity.status == 400)
            let inserted = try served.send(
                "POST", base, headers: Self.json, text: #"{"entity":"user-a@example.com","role":"READER"}"#)
            #expect(inserted.json["email"] as? String == "a@example.com")
            #expect(try served.send("GET", base + "/user-a%40example.com").json["role"] as? String == "READER")
            #expect(try served.send("DELETE", base + "/user-a%40example.com").status == 204)
            #expect(try served.send("GET", base + "/user-a%40example.com").status == 404)
        }
        let patched = try served.send(
            "PATCH", "/storage/v1/b/bkt/o/dir%2Fo?projection=full", headers: Self.json,
            text: #"{"acl":[{"entity":"allUsers","role":"READER"}]}"#)
        #expect((patched.json["acl"] as? [[String: Any]])?.map { $0["entity"] as? String } == ["allUsers"])
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/missing/acl").status == 404)
    }

    @Test func composeConcatenatesUpTo32SourcesBehindTheirPreconditions() throws {
        let served = try ServedStorage.withBucket()
        let first = try served.seed("a", "hello ")
        try served.seed("b", "world")
        let composed = try served.send(
            "POST", "/storage/v1/b/bkt/o/ab/compose", headers: Self.json,
            text: #"{"sourceObjects":[{"name":"a"},{"name":"b"}],"destination":{"contentType":"text/plain"}}"#)
        #expect(composed.status == 200, "\(composed.text)")
        #expect(served.stored("ab") == "hello world")
        #expect(composed.json["crc32c"] as? String == "yZRlqg==")
        let many = Array(repeating: #"{"name":"a"}"#, count: 33).joined(separator: ",")
        let tooMany = try served.send(
            "POST", "/storage/v1/b/bkt/o/c/compose", headers: Self.json, text: #"{"sourceObjects":[\#(many)]}"#)
        #expect(tooMany.status == 400)
        let missing = try served.send(
            "POST", "/storage/v1/b/bkt/o/c/compose", headers: Self.json, text: #"{"sourceObjects":[{"name":"zz"}]}"#)
        #expect(missing.status == 404)
        let stale = first.generation + 1
        let refused = try served.send(
            "POST", "/storage/v1/b/bkt/o/c/compose", headers: Self.json,
            text: #"{"sourceObjects":[{"name":"a","objectPreconditions":{"ifGenerationMatch":"\#(stale)"}}]}"#)
        #expect(refused.status == 412)
        #expect(served.stored("c") == nil)
    }

    @Test func notificationsHMACKeysIAMAndServiceAccount() throws {
        let served = try ServedStorage.withBucket()
        let created = try served.send(
            "POST", "/storage/v1/b/bkt/notificationConfigs", headers: Self.json,
            text: #"{"topic":"//pubsub.googleapis.com/projects/p/topics/t","payload_format":"JSON_API_V1"}"#)
        let id = try #require(created.json["id"] as? String)
        #expect(try served.send("GET", "/storage/v1/b/bkt/notificationConfigs/\(id)").status == 200)
        #expect(try served.send("DELETE", "/storage/v1/b/bkt/notificationConfigs/\(id)").status == 204)
        #expect(try served.send("GET", "/storage/v1/b/bkt/notificationConfigs/\(id)").status == 404)
        let key = try served.send("POST", "/storage/v1/projects/p/hmacKeys?serviceAccountEmail=sa%40p.iam")
        let accessId = try #require((key.json["metadata"] as? [String: Any])?["accessId"] as? String)
        #expect(try served.send("DELETE", "/storage/v1/projects/p/hmacKeys/\(accessId)").status == 400)
        let inactive = try served.send(
            "PUT", "/storage/v1/projects/p/hmacKeys/\(accessId)", headers: Self.json, text: #"{"state":"INACTIVE"}"#)
        #expect(inactive.json["state"] as? String == "INACTIVE")
        #expect(try served.send("DELETE", "/storage/v1/projects/p/hmacKeys/\(accessId)").status == 204)
        let badRole = try served.send(
            "PUT", "/storage/v1/b/bkt/iam", headers: Self.json,
            text: #"{"bindings":[{"role":"owner","members":["allUsers"]}]}"#)
        #expect(badRole.status == 400)
        #expect(try served.send("GET", "/storage/v1/b/bkt/iam").json["kind"] as? String == "storage#policy")
        #expect(try served.send("GET", "/storage/v1/projects/p/serviceAccount").json["email_address"] != nil)
    }

    @Test func unimplementedMethodsAnswer501AndInstructionsAreTakenBeforeTheRouteAnswers() throws {
        let served = try ServedStorage.withBucket()
        let folders = try served.send("GET", "/storage/v1/b/bkt/folders")
        #expect(folders.status == 501)
        #expect(folders.text.contains("/storage/v1/b/bkt/folders"))
        let test = try served.send(
            "POST", "/retry_test", headers: Self.json,
            text: #"{"instructions":{"storage.notifications.get":["return-503"]}}"#)
        let id = try #require(test.json["id"] as? String)
        let first = try served.send(
            "GET", "/storage/v1/b/bkt/notificationConfigs/9", headers: [("x-retry-test-id", id)])
        #expect(first.status == 503)
        #expect(try served.send("GET", "/retry_test/\(id)").json["completed"] as? Bool == true)
    }
}

import Foundation
import Testing

/// The bucket field table as the GCS JSON routes show it: what an insert, a `PATCH` and a `PUT` take, refuse,
/// ignore, merge and replace, field by field.
@Suite struct GCSBucketFieldTests {
    private static let json = [("Content-Type", "application/json")]

    @Test func anUnknownFieldIsIgnoredAsGCSIgnoresIt() throws {
        let served = try ServedStorage.withBucket()
        let patched = try served.send(
            "PATCH", "/storage/v1/b/bkt", headers: Self.json, text: #"{"notAField":{"x":1},"labels":{"a":"1"}}"#)
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json["notAField"] == nil)
        #expect(patched.json["labels"] as? [String: String] == ["a": "1"])
        let made = try served.send(
            "POST", "/storage/v1/b?project=p", headers: Self.json, text: #"{"name":"other-bkt","notAField":true}"#)
        #expect(made.status == 200, "\(made.text)")
        #expect(made.json["notAField"] == nil)
    }

    @Test func anOutputOnlyFieldInAWriteIsIgnored() throws {
        let served = try ServedStorage.withBucket()
        let before = try served.send("GET", "/storage/v1/b/bkt")
        let patched = try served.send(
            "PATCH", "/storage/v1/b/bkt", headers: Self.json,
            text:
                #"{"id":"x","name":"x","selfLink":"x","metageneration":"99","etag":"x","projectNumber":"9","timeCreated":"2000-01-01T00:00:00.000Z","updated":"2000-01-01T00:00:00.000Z","location":"EU","kind":"x","owner":{"entity":"x"}}"#
        )
        #expect(patched.status == 200, "\(patched.text)")
        #expect(patched.json["metageneration"] as? String == "2")
        for field in ["id", "name", "selfLink", "projectNumber", "timeCreated", "updated", "location", "kind"] {
            #expect(patched.json[field] as? String == before.json[field] as? String, "\(field)")
        }
        #expect(patched.json["owner"] == nil, "owner is shown with projection=full only")
        let made = try served.send(
            "POST", "/storage/v1/b?project=p", headers: Self.json,
            text: #"{"name":"new-bkt","id":"x","metageneration":"7"}"#)
        #expect(made.json["id"] as? String == "new-bkt" && made.json["metageneration"] as? String == "1")
    }

    @Test func aMalformedValueIsA400AndChangesNothing() throws {
        let served = try ServedStorage.withBucket()
        let bodies = [
            #"{"labels":"team-a"}"#, #"{"labels":{"team":1}}"#, #"{"labels":["a"]}"#, #"{"versioning":"on"}"#,
            #"{"cors":{"origin":["*"]}}"#, #"{"storageClass":1}"#, #"{"defaultEventBasedHold":"yes"}"#,
            #"{"retentionPolicy":"60"}"#, #"{"retentionPolicy":{"retentionPeriod":"0"}}"#,
            #"{"acl":[{"entity":"nobody","role":"OWNER"}]}"#,
        ]
        for body in bodies {
            for method in ["PATCH", "PUT"] {
                let answer = try served.send(method, "/storage/v1/b/bkt", headers: Self.json, text: body)
                #expect(answer.status == 400, "\(method) \(body): \(answer.text)")
            }
            let made = try served.send(
                "POST", "/storage/v1/b?project=p", headers: Self.json,
                text: "{\"name\":\"made-bkt\"," + body.dropFirst())
            #expect(made.status == 400, "insert \(body): \(made.text)")
        }
        #expect(try served.send("GET", "/storage/v1/b/made-bkt").status == 404)
        let bucket = try served.send("GET", "/storage/v1/b/bkt")
        #expect(bucket.json["metageneration"] as? String == "1" && bucket.json["labels"] == nil, "\(bucket.text)")
    }

    @Test func patchMergesLabelsAndKeepsTheRestWhilePutReplacesEverything() throws {
        let served = try ServedStorage.withBucket()
        let first = try served.send(
            "PATCH", "/storage/v1/b/bkt", headers: Self.json,
            text: #"{"labels":{"a":"1","b":"2"},"versioning":{"enabled":true},"storageClass":"NEARLINE"}"#)
        #expect(first.status == 200, "\(first.text)")
        let merged = try served.send(
            "PATCH", "/storage/v1/b/bkt", headers: Self.json, text: #"{"labels":{"b":null,"c":"3"}}"#)
        #expect(merged.json["labels"] as? [String: String] == ["a": "1", "c": "3"])
        #expect((merged.json["versioning"] as? [String: Any])?["enabled"] as? Bool == true)
        #expect(merged.json["storageClass"] as? String == "NEARLINE")
        let versioning = try served.send(
            "PATCH", "/storage/v1/b/bkt", headers: Self.json, text: #"{"versioning":{"suspended":true}}"#)
        #expect(versioning.json["versioning"] as? [String: Bool] == ["suspended": true], "replaced, not merged")
        let removed = try served.send("PATCH", "/storage/v1/b/bkt", headers: Self.json, text: #"{"versioning":null}"#)
        #expect(removed.json["versioning"] == nil)
        let replaced = try served.send("PUT", "/storage/v1/b/bkt", headers: Self.json, text: #"{"labels":{"d":"4"}}"#)
        #expect(replaced.status == 200, "\(replaced.text)")
        #expect(replaced.json["labels"] as? [String: String] == ["d": "4"])
        #expect(replaced.json["storageClass"] as? String == "STANDARD", "back to its default")
        #expect(replaced.json["metageneration"] as? String == "6")
        let nullLabel = try served.send("PUT", "/storage/v1/b/bkt", headers: Self.json, text: #"{"labels":{"d":null}}"#)
        #expect(nullLabel.status == 400, "a PUT's labels are taken whole: null is not a label's value")
    }

    @Test func aPutKeepsTheAccessListsItLeavesOut() throws {
        let served = try ServedStorage.withBucket()
        let granted = try served.send(
            "PATCH", "/storage/v1/b/bkt?projection=full", headers: Self.json,
            text: #"{"acl":[{"entity":"allUsers","role":"READER"}]}"#)
        #expect((granted.json["acl"] as? [[String: Any]])?.map { $0["entity"] as? String } == ["allUsers"])
        let replaced = try served.send("PUT", "/storage/v1/b/bkt?projection=full", headers: Self.json, text: "{}")
        #expect((replaced.json["acl"] as? [[String: Any]])?.map { $0["entity"] as? String } == ["allUsers"])
        #expect(replaced.json["owner"] != nil && replaced.json["defaultObjectAcl"] != nil)
    }
}

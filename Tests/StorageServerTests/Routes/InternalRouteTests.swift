import FirebaseV0
import Foundation
import StorageAPI
import StorageServer
import Testing

@Suite struct InternalRouteTests {
    @Test func infoListsTheFeatures() throws {
        let served = try ServedStorage()
        let response = try served.send("GET", "/internal/info")
        #expect(response.status == 200)
        #expect(response.json["server"] as? String == "storage-conformance")
        #expect(response.json["version"] as? String == StorageServer.version)
        #expect(response.json["features"] as? [String] == ["rules", "setRules", "reset", "fixtures", "faults"])
        let bare = try ServedStorage(administration: false)
        #expect(try bare.send("GET", "/internal/info").json["features"] as? [String] == ["faults"])
        #expect(try bare.send("POST", "/internal/reset").status == 501)
        #expect(try bare.send("GET", "/internal/buckets/bkt/rules").status == 501)
    }

    @Test func rulesAreSetReadAndApplied() throws {
        let served = try ServedStorage()
        try served.seed("ios/public/a", "x")
        try served.seed("ios/private/a", "x")
        let body =
            #"{"version":2,"allow":[{"path":"ios/public/**","ops":["read","write","list"]},{"path":"ios/private/**","ops":["read"],"if":"signedIn"}]}"#
        let put = try served.send("PUT", "/internal/buckets/bkt/rules", text: body)
        #expect(put.status == 200)
        let read = try served.send("GET", "/internal/buckets/bkt/rules")
        let files = try RulesFilesJSON.decode(Data(read.body))
        #expect(files.map(\.source) == [served.backend.rules(for: "bkt")?.source])
        #expect(files.first?.source.text == (try RulesJSON.decode(Data(body.utf8))).source)
        #expect(try served.send("GET", "/v0/b/bkt/o/ios%2Fpublic%2Fa").status == 200)
        #expect(try served.send("GET", "/v0/b/bkt/o/ios%2Fprivate%2Fa").status == 403)
        let token = IDToken.unsigned(uid: "u")
        #expect(
            try served.send("GET", "/v0/b/bkt/o/ios%2Fprivate%2Fa", headers: [("Authorization", "Firebase \(token)")])
                .status == 200)
        #expect(served.backend.rules(for: "other") == nil)
        #expect(try served.send("DELETE", "/internal/buckets/bkt/rules").status == 200)
        #expect(served.backend.rules(for: "bkt") == nil)
        #expect(try served.send("GET", "/internal/buckets/bkt/rules").text == #"{"rules":{"files":[]}}"#)
    }

    @Test(arguments: [
        ("", "not valid JSON"),
        (#"{"version":2}"#, "no \"allow\""),
        (#"{"version":3,"allow":[]}"#, "1 or 2"),
        (#"{"allow":[{"ops":["read"]}]}"#, "no \"path\""),
        (#"{"allow":[{"path":"*","ops":["erase"]}]}"#, "\"ops\""),
        (#"{"allow":[{"path":"*","ops":["read"],"if":"admin"}]}"#, "signedIn"),
        (#"{"allow":[{"path":"*","op":["read"]}]}"#, "unknown key \"op\""),
        (#"{"allow":{},"version":2}"#, "must be an array"),
        (#"{"allow":[], "extra": 1}"#, "unknown key \"extra\""),
    ])
    func badRulesAre400WithTheReason(body: String, reason: String) throws {
        let served = try ServedStorage()
        let response = try served.send("PUT", "/internal/buckets/bkt/rules", text: body)
        #expect(response.status == 400)
        #expect(response.errorMessage?.contains(reason) == true, "\(response.errorMessage ?? "")")
        #expect(served.backend.rules(for: "bkt") == nil)
    }

    @Test func resetDropsEverything() throws {
        let served = try ServedStorage()
        try served.seed("a", "x")
        served.backend.setRules(StorageRules(entries: []), bucket: "bkt")
        let response = try served.send("POST", "/internal/reset")
        #expect(response.status == 200)
        #expect(served.stored("a") == nil)
        #expect(served.backend.rules(for: "bkt") == nil)
    }
}

/// `PUT /internal/buckets/{bucket}/objects/{object}`: fixtures with the stamps an upload would mint.
@Suite struct FixtureRouteTests {
    @Test func aFixtureKeepsItsStamps() throws {
        let served = try ServedStorage()
        let body = FixtureJSON.encode(
            data: Data("abc".utf8), fields: ObjectMetadataFields(contentType: "text/plain"),
            stamps: FixedStamps(downloadTokens: ["t1", "t2"], generation: 42, metageneration: 3))
        let put = try served.send(
            "PUT", "/internal/buckets/bkt/objects/dir%2Fodd%20name", headers: [("Content-Type", "application/json")],
            body: Array(body))
        #expect(put.status == 200)
        let stored = try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "dir/odd name"))
        #expect(stored.generation == 42)
        #expect(stored.metageneration == 3)
        #expect(stored.downloadTokens == ["t1", "t2"])
        #expect(stored.contentType == "text/plain")
        #expect(served.stored("dir/odd name") == "abc")
        let client = served.client()
        let again = try client.seedObject(
            ObjectAddress(bucket: "bkt", name: "b"), data: Data(), metadata: ObjectMetadataFields(),
            stamps: FixedStamps(generation: 7))
        #expect(again.generation == 7)
    }

    @Test(arguments: [
        #"{"data":"***"}"#, #"{"data":"","generation":"0"}"#, #"{"data":"","downloadTokens":[1]}"#, "not json",
    ])
    func malformedFixturesAre400(body: String) throws {
        let served = try ServedStorage()
        let put = try served.send("PUT", "/internal/buckets/bkt/objects/x", text: body)
        #expect(put.status == 400, "\(body)")
        #expect(served.stored("x") == nil)
    }
}

import Foundation
import StorageAPI
import StorageWire
import Testing

@Suite struct ObjectWriteRouteTests {
    private let full = ObjectMetadataFields(
        cacheControl: "max-age=1", contentLanguage: "fr", contentType: "text/plain",
        customMetadata: ["a": "1", "b": "2"])

    @Test func patchSetsRemovesAndMerges() throws {
        let served = try ServedStorage()
        try served.seed("f", "x", metadata: full)
        let response = try served.send(
            "PATCH", "/v0/b/bkt/o/f", headers: [("Content-Type", "application/json")],
            text:
                #"{"contentType":"image/png","cacheControl":null,"metadata":{"a":"one","b":null,"c":"3"},"name":"ignored","size":1,"bucket":""}"#
        )
        #expect(response.status == 200)
        let resource = try ObjectResourceJSON.decode(Data(response.body))
        #expect(resource.contentType == "image/png")
        #expect(resource.cacheControl == nil)
        #expect(resource.contentLanguage == "fr")
        #expect(resource.customMetadata == ["a": "one", "c": "3"])
        #expect(resource.metageneration == 2)
    }

    @Test func metadataNullClearsEveryCustomKey() throws {
        let served = try ServedStorage()
        try served.seed("f", "x", metadata: full)
        let response = try served.send("PATCH", "/v0/b/bkt/o/f", text: #"{"metadata":null}"#)
        #expect(response.status == 200)
        #expect(response.json["metadata"] == nil)
        #expect(response.json["contentType"] as? String == "text/plain")
    }

    @Test func putOrPostWithMethodOverrideIsAPatch() throws {
        let served = try ServedStorage()
        try served.seed("f", "x", metadata: full)
        for method in ["PUT", "POST"] {
            let response = try served.send(
                method, "/v0/b/bkt/o/f", headers: [("X-HTTP-Method-Override", "patch")],
                text: #"{"contentLanguage":"de"}"#)
            #expect(response.status == 200)
            #expect(response.json["contentLanguage"] as? String == "de")
        }
        #expect(served.stored("f") == "x")
    }

    @Test(arguments: [
        (#"{"contentType":5}"#, "\"contentType\""),
        (#"{"metadata":"all"}"#, "\"metadata\""),
        (#"{"metadata":{"k":true}}"#, "\"k\""),
        (#"[]"#, "JSON object"),
        (#"{"#, "not valid JSON"),
    ])
    func badPatchBodiesAre400(body: String, mention: String) throws {
        let served = try ServedStorage()
        try served.seed("f", "x")
        let response = try served.send("PATCH", "/v0/b/bkt/o/f", text: body)
        #expect(response.status == 400)
        #expect(response.errorMessage?.contains(mention) == true, "\(response.errorMessage ?? "")")
    }

    @Test func patchOfAMissingObjectIs404AndAnEmptyBodyIsAnEmptyPatch() throws {
        let served = try ServedStorage()
        #expect(try served.send("PATCH", "/v0/b/bkt/o/none", text: "{}").status == 404)
        try served.seed("f", "x")
        let empty = try served.send("PATCH", "/v0/b/bkt/o/f")
        #expect(empty.status == 200)
        #expect(empty.json["metageneration"] as? String == "2")
    }

    @Test func deleteIs204ThenTheObjectIsGone() throws {
        let served = try ServedStorage()
        try served.seed("dir/f", "x")
        let response = try served.send("DELETE", "/v0/b/bkt/o/dir%2Ff")
        #expect(response.status == 204)
        #expect(response.body.isEmpty)
        #expect(served.stored("dir/f") == nil)
        let again = try served.send("DELETE", "/v0/b/bkt/o/dir%2Ff")
        #expect(again.status == 404)
        #expect(again.errorCode == 404)
    }
}

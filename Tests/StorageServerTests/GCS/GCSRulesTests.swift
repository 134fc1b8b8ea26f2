import Foundation
import GCSJSON
import StorageAPI
import Testing

/// The GCS routes follow Cloud Storage's rules, not the Firebase layer's: buckets must exist to be written, any
/// prefix lists, every name is listed, no default disposition; the v0 routes keep the layer.
@Suite struct GCSRulesTests {
    private static let json = [("Content-Type", "application/json")]

    @Test func bucketsHaveOneOwnerAcrossBothDialects() throws {
        let served = try ServedStorage()
        let early = try served.send(
            "POST", "/upload/storage/v1/b/later/o?uploadType=media&name=a", headers: [("Content-Type", "text/plain")],
            text: "a")
        #expect(early.status == 404)
        #expect(try served.send("GET", "/storage/v1/b/later/o").status == 404)
        #expect(
            try served.send("POST", "/storage/v1/b?project=p", headers: Self.json, text: #"{"name":"later"}"#).status
                == 200)
        #expect(
            try served.send("POST", "/storage/v1/b?project=p", headers: Self.json, text: #"{"name":"later"}"#).status
                == 409)
        // A v0 write makes its bucket, as the emulator does; GET and the list then agree on it.
        _ = try served.send("POST", "/v0/b/by-v0/o?name=x", headers: [("Content-Type", "text/plain")], text: "x")
        #expect(try served.send("GET", "/storage/v1/b/by-v0").status == 200)
        let listed = try served.send("GET", "/storage/v1/b?project=p").json["items"] as? [[String: Any]]
        #expect(listed?.compactMap { $0["name"] as? String } == ["by-v0", "later"])
        #expect(try served.send("POST", "/internal/reset").status == 200)
        #expect(try served.send("GET", "/storage/v1/b?project=p").json["items"] == nil)
        #expect(try served.send("GET", "/storage/v1/b/later").status == 404)
    }

    @Test func anyPrefixListsAndEveryNameIsListed() throws {
        let served = try ServedStorage.withBucket()
        for name in ["tree", "tree/x", "treehouse", "a//b", "dir/"] { try served.seed(name, name) }
        let tree = try served.send("GET", "/storage/v1/b/bkt/o?prefix=tree&delimiter=%2F")
        #expect(tree.status == 200)
        #expect(
            (tree.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["tree", "treehouse"])
        #expect(tree.json["prefixes"] as? [String] == ["tree/"])
        let all = try served.send("GET", "/storage/v1/b/bkt/o")
        #expect(
            (all.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String }
                == ["a//b", "dir/", "tree", "tree/x", "treehouse"])
        let v0 = try served.send("GET", "/v0/b/bkt/o?prefix=tree")
        #expect(v0.status == 400)
    }

    @Test func gcsWritesGetNoFirebaseDefaultsAndV0WritesDo() throws {
        let served = try ServedStorage.withBucket()
        let gcs = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=media&name=d%2Fg.txt",
            headers: [("Content-Type", "text/plain")],
            text: "g")
        #expect(gcs.status == 200)
        #expect(gcs.json["contentDisposition"] == nil)
        let v0 = try served.send(
            "POST", "/v0/b/bkt/o?name=d%2Fv.txt", headers: [("Content-Type", "text/plain")], text: "v")
        #expect(v0.json["contentDisposition"] as? String == "inline; filename*=utf-8''v.txt")
    }

    @Test func fieldsSelectPartsOfTheAnswerAsGCSDoes() throws {
        let served = try ServedStorage.withBucket()
        for name in ["a", "b", "c"] {
            try served.seed(name, name, metadata: ObjectMetadataFields(customMetadata: ["k": "v", "other": "x"]))
        }
        let page = try served.send("GET", "/storage/v1/b/bkt/o?maxResults=2&fields=items(name,size),nextPageToken")
        #expect(page.status == 200)
        #expect(Set(page.json.keys) == ["items", "nextPageToken"])
        let items = try #require(page.json["items"] as? [[String: Any]])
        #expect(items.map { Set($0.keys) } == [["name", "size"], ["name", "size"]])
        #expect(items.compactMap { $0["name"] as? String } == ["a", "b"])
        let object = try served.send("GET", "/storage/v1/b/bkt/o/a?fields=name,metadata/k")
        #expect(Set(object.json.keys) == ["name", "metadata"])
        #expect(object.json["metadata"] as? [String: String] == ["k": "v"])
        let nested = try served.send("GET", "/storage/v1/b/bkt/o?fields=items/name,kind")
        #expect(Set(nested.json.keys) == ["items", "kind"])
        #expect((nested.json["items"] as? [[String: Any]])?.first.map { Array($0.keys) } == ["name"])
        for bad in ["items(name", "items()", ",name", "a//b"] {
            let refused = try served.send("GET", "/storage/v1/b/bkt/o?fields=\(GCSEscaping.queryEscape(bad))")
            #expect(refused.status == 400, "\(bad)")
        }
    }

    /// A selection nested deeper than any resource is refused with a short message, whatever its shape: reading it
    /// recursed once per level and 600 levels ended serve.
    @Test func aDeepFieldSelectionIsRefusedWithoutEndingServe() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("a", "a")
        let nested = String(repeating: "a(", count: 600) + "a" + String(repeating: ")", count: 600)
        let unclosed = String(repeating: "a(", count: 4000)
        let slashes = Array(repeating: "a", count: 4000).joined(separator: "/")
        for bad in [nested, unclosed, slashes] {
            let refused = try served.send("GET", "/storage/v1/b/bkt/o/a?fields=\(GCSEscaping.queryEscape(bad))")
            #expect(refused.status == 400)
            #expect((refused.errorMessage?.utf8.count ?? .max) < 200)
        }
        let deepest =
            String(repeating: "a(", count: GCSFieldSelection.maximumDepth - 1) + "name"
            + String(repeating: ")", count: GCSFieldSelection.maximumDepth - 1)
        #expect(
            try served.send("GET", "/storage/v1/b/bkt/o/a?fields=\(GCSEscaping.queryEscape(deepest))").status == 200)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/a?fields=name").json["name"] as? String == "a")
    }

    /// `firebaseStorageDownloadTokens` in custom metadata is where GCS keeps the download tokens: an upload or a patch
    /// that sets it gives the object those tokens on both dialects; Cloud Storage's APIs mint none of their own.
    @Test func downloadTokensGivenAsCustomMetadataAreTheObjectsTokens() throws {
        let served = try ServedStorage.withBucket()
        let boundary = "b"
        let body =
            "--b\r\nContent-Type: application/json\r\n\r\n"
            + #"{"name":"t.txt","metadata":{"firebaseStorageDownloadTokens":"tok1,tok2","k":"v"}}"#
            + "\r\n--b\r\nContent-Type: text/plain\r\n\r\ntokens\r\n--b--\r\n"
        let uploaded = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=multipart",
            headers: [("Content-Type", "multipart/related; boundary=\(boundary)")], text: body)
        #expect(
            uploaded.json["metadata"] as? [String: String] == ["firebaseStorageDownloadTokens": "tok1,tok2", "k": "v"])
        let v0 = try served.send("GET", "/v0/b/bkt/o/t.txt")
        #expect(v0.json["downloadTokens"] as? String == "tok1,tok2")
        #expect(v0.json["metadata"] as? [String: String] == ["k": "v"])
        #expect(try served.send("GET", "/v0/b/bkt/o/t.txt?alt=media&token=tok2").text == "tokens")
        _ = try served.send(
            "PATCH", "/storage/v1/b/bkt/o/t.txt", headers: Self.json,
            text: #"{"metadata":{"firebaseStorageDownloadTokens":"fresh"}}"#)
        #expect(try served.send("GET", "/v0/b/bkt/o/t.txt?alt=media&token=tok2").status == 403)
        #expect(try served.send("GET", "/v0/b/bkt/o/t.txt?alt=media&token=fresh").text == "tokens")
        let plain = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=media&name=p.txt", headers: [("Content-Type", "text/plain")],
            text: "p")
        #expect(plain.json["metadata"] == nil)
        #expect(try served.send("GET", "/v0/b/bkt/o/p.txt").json["downloadTokens"] == nil)
        let start = try served.send(
            "POST", "/v0/b/bkt/o?name=v.txt",
            headers: [
                ("Content-Type", "application/json"), ("X-Goog-Upload-Protocol", "resumable"),
                ("X-Goog-Upload-Command", "start"),
            ], text: #"{"metadata":{"firebaseStorageDownloadTokens":"given"}}"#)
        let url = try #require(start.headers["X-Goog-Upload-URL"].flatMap(URL.init(string:)))
        let finished = try served.send(
            "POST", url.path + "?" + (url.query ?? ""),
            headers: [("X-Goog-Upload-Command", "upload, finalize"), ("X-Goog-Upload-Offset", "0")], text: "v")
        #expect(finished.json["downloadTokens"] as? String == "given")
        #expect(finished.json["metadata"] == nil)
    }
}

import Foundation
import Primitives
import StorageAPI
import Testing

/// The GCS JSON API routes of `StorageServer`, spoken to on the wire.
@Suite struct GCSRouteTests {
    private static let json = [("Content-Type", "application/json")]

    @Test func bucketsAreCreatedListedFetchedAndDeletedWhenEmpty() throws {
        let served = try ServedStorage()
        let created = try served.send("POST", "/storage/v1/b?project=p", headers: Self.json, text: #"{"name":"fresh"}"#)
        #expect(created.status == 200)
        #expect(created.json["kind"] as? String == "storage#bucket")
        let again = try served.send("POST", "/storage/v1/b?project=p", headers: Self.json, text: #"{"name":"fresh"}"#)
        #expect(again.status == 409)
        let badName = try served.send(
            "POST", "/storage/v1/b?project=p", headers: Self.json, text: #"{"name":"Bad_Name"}"#)
        #expect(badName.status == 400)
        let list = try served.send("GET", "/storage/v1/b?project=p")
        #expect((list.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["fresh"])
        try served.seed("keep", "x", bucket: "fresh")
        #expect(try served.send("DELETE", "/storage/v1/b/fresh").status == 409)
        // Not a method of the JSON API: a 501 that names it, never a 404 that reads as "no such object".
        let unknown = try served.send("DELETE", "/storage/v1/o/x")
        #expect(unknown.status == 501)
        #expect(unknown.text.contains("DELETE /storage/v1/o/x"))
        _ = try served.send("DELETE", "/storage/v1/b/fresh/o/keep")
        #expect(try served.send("DELETE", "/storage/v1/b/fresh").status == 204)
        #expect(try served.send("GET", "/storage/v1/b/fresh").status == 404)
    }

    @Test func errorsHaveGCSShapeWithAReason() throws {
        let served = try ServedStorage.withBucket()
        let missing = try served.send("GET", "/storage/v1/b/bkt/o/nothing")
        #expect(missing.status == 404)
        let error = try #require(missing.json["error"] as? [String: Any])
        #expect(error["code"] as? Int == 404)
        let details = try #require(error["errors"] as? [[String: Any]])
        #expect(details.first?["reason"] as? String == "notFound")
        let wrongMethod = try served.send("POST", "/storage/v1/b/bkt/o")
        #expect(wrongMethod.status == 405)
        #expect(wrongMethod.headers["Allow"] == "GET, HEAD")
    }

    @Test func anObjectUploadedOverV0IsReadOverGCSAndTheReverse() throws {
        let served = try ServedStorage.withBucket()
        _ = try served.send(
            "POST", "/v0/b/bkt/o?name=dir%2Fv0.txt", headers: [("Content-Type", "text/plain")], text: "from v0")
        let metadata = try served.send("GET", "/storage/v1/b/bkt/o/dir%2Fv0.txt")
        #expect(metadata.json["size"] as? String == "7")
        #expect(metadata.json["contentType"] as? String == "text/plain")
        #expect(metadata.json["md5Hash"] as? String == Data(MD5.digest(of: Data("from v0".utf8))).base64EncodedString())
        #expect(try served.send("GET", "/download/storage/v1/b/bkt/o/dir%2Fv0.txt?alt=media").text == "from v0")
        let upload = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=media&name=gcs.txt", headers: [("Content-Type", "text/x")],
            text: "from gcs")
        #expect(upload.status == 200)
        #expect(try served.send("GET", "/v0/b/bkt/o/gcs.txt?alt=media").text == "from gcs")
    }

    @Test func multipartUploadsTakeTheNameAndMetadataFromTheJSONPart() throws {
        let served = try ServedStorage.withBucket()
        let body =
            "--b\r\nContent-Type: application/json\r\n\r\n{\"name\":\"m/1\",\"metadata\":{\"k\":\"v\"},\"cacheControl\":\"no-cache\"}\r\n"
            + "--b\r\nContent-Type: image/png\r\n\r\nPNG\r\n--b--\r\n"
        let response = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=multipart",
            headers: [("Content-Type", "multipart/related; boundary=b")], text: body)
        #expect(response.status == 200)
        #expect(response.json["name"] as? String == "m/1")
        #expect(response.json["contentType"] as? String == "image/png")
        #expect(response.json["cacheControl"] as? String == "no-cache")
        #expect(response.json["metadata"] as? [String: String] == ["k": "v"])
        #expect(served.stored("m/1") == "PNG")
    }

    @Test func resumableUploadsAnswer308WithRangeUntilTheLastChunk() throws {
        let served = try ServedStorage.withBucket(granularity: 4)
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable", headers: Self.json, text: #"{"name":"r"}"#)
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        let path = url.path + "?" + (url.query ?? "")
        let first = try served.send("PUT", path, headers: [("Content-Range", "bytes 0-3/*")], text: "abcd")
        #expect(first.status == 308)
        #expect(first.headers["Range"] == "bytes=0-3")
        let query = try served.send("PUT", path, headers: [("Content-Range", "bytes */*")])
        #expect(query.status == 308)
        #expect(query.headers["Range"] == "bytes=0-3")
        let wrong = try served.send("PUT", path, headers: [("Content-Range", "bytes 0-3/9")], text: "abc")
        #expect(wrong.status == 400)
        let last = try served.send("PUT", path, headers: [("Content-Range", "bytes 4-5/6")], text: "ef")
        #expect(last.status == 200)
        #expect(last.json["size"] as? String == "6")
        #expect(served.stored("r") == "abcdef")
        let after = try served.send("PUT", path, headers: [("Content-Range", "bytes */*")])
        #expect(after.status == 200)
    }

    @Test func aCancelledSessionAnswers499AndStoresNothing() throws {
        let served = try ServedStorage.withBucket(granularity: 4)
        let start = try served.send(
            "POST", "/upload/storage/v1/b/bkt/o?uploadType=resumable&name=c", headers: Self.json, text: "{}")
        let url = try #require(start.headers["Location"].flatMap(URL.init(string:)))
        let path = url.path + "?" + (url.query ?? "")
        _ = try served.send("PUT", path, headers: [("Content-Range", "bytes 0-3/*")], text: "abcd")
        #expect(try served.send("DELETE", path).status == 499)
        #expect(try served.send("PUT", path, headers: [("Content-Range", "bytes */*")]).status == 499)
        #expect(served.stored("c") == nil)
    }

    @Test func preconditionsRefuseWith412() throws {
        let served = try ServedStorage.withBucket()
        let resource = try served.seed("p", "1")
        let media = "/upload/storage/v1/b/bkt/o?uploadType=media&name=p"
        #expect(try served.send("POST", media + "&ifGenerationMatch=0", text: "2").status == 412)
        #expect(try served.send("POST", media + "&ifGenerationMatch=\(resource.generation)", text: "2").status == 200)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/p?ifMetagenerationMatch=9").status == 412)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/p?ifGenerationNotMatch=0").status == 200)
        #expect(try served.send("DELETE", "/storage/v1/b/bkt/o/p?ifGenerationMatch=1").status == 412)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/p?ifGenerationMatch=x").status == 400)
        #expect(
            try served.send(
                "POST", "/upload/storage/v1/b/bkt/o?uploadType=media&name=new&ifGenerationMatch=0", text: "n"
            ).status == 200)
    }

    @Test func patchMergesCustomKeysAndPutReplacesEverything() throws {
        let served = try ServedStorage.withBucket()
        try served.backend.seed(
            bucket: "bkt", name: "m", data: Data("x".utf8),
            metadata: ObjectMetadataFields(
                cacheControl: "c", contentType: "text/a", customMetadata: ["a": "1", "b": "2"]),
            stamps: FixedStamps(downloadTokens: []))
        let patched = try served.send(
            "PATCH", "/storage/v1/b/bkt/o/m", headers: Self.json,
            text: #"{"metadata":{"a":null,"c":"3"},"contentType":"text/b"}"#)
        #expect(patched.json["metadata"] as? [String: String] == ["b": "2", "c": "3"])
        #expect(patched.json["contentType"] as? String == "text/b")
        #expect(patched.json["cacheControl"] as? String == "c")
        let replaced = try served.send(
            "PUT", "/storage/v1/b/bkt/o/m", headers: Self.json, text: #"{"metadata":{"z":"9"}}"#)
        #expect(replaced.json["metadata"] as? [String: String] == ["z": "9"])
        #expect(replaced.json["cacheControl"] == nil)
        #expect(replaced.json["metageneration"] as? String == "3")
    }

    @Test func listsPageWithPrefixesCountedAndOffsets() throws {
        let served = try ServedStorage.withBucket()
        for name in ["a/1", "a/2", "b/1", "c", "d"] { try served.seed(name, name) }
        let first = try served.send("GET", "/storage/v1/b/bkt/o?delimiter=/&maxResults=3")
        #expect(first.json["prefixes"] as? [String] == ["a/", "b/"])
        #expect((first.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["c"])
        let token = try #require(first.json["nextPageToken"] as? String)
        let second = try served.send("GET", "/storage/v1/b/bkt/o?delimiter=/&maxResults=3&pageToken=\(token)")
        #expect((second.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["d"])
        #expect(second.json["nextPageToken"] == nil)
        let ranged = try served.send("GET", "/storage/v1/b/bkt/o?startOffset=a/2&endOffset=c")
        #expect((ranged.json["items"] as? [[String: Any]])?.compactMap { $0["name"] as? String } == ["a/2", "b/1"])
    }

    @Test func copyAndRewriteMakeANewObject() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("src", "bytes", metadata: ObjectMetadataFields(contentType: "text/plain"))
        let copied = try served.send("POST", "/storage/v1/b/bkt/o/src/copyTo/b/bkt/o/dst%2F1")
        #expect(copied.json["name"] as? String == "dst/1")
        #expect(copied.json["contentType"] as? String == "text/plain")
        let rewritten = try served.send("POST", "/storage/v1/b/bkt/o/src/rewriteTo/b/bkt/o/dst2")
        #expect(rewritten.json["done"] as? Bool == true)
        #expect(served.stored("dst/1") == "bytes")
        #expect(served.stored("dst2") == "bytes")
    }

    @Test func ranged404And416AreGCSErrors() throws {
        let served = try ServedStorage.withBucket()
        try served.seed("r", "0123456789")
        let partial = try served.send("GET", "/storage/v1/b/bkt/o/r?alt=media", headers: [("Range", "bytes=2-4")])
        #expect(partial.status == 206)
        #expect(partial.text == "234")
        #expect(partial.headers["Content-Range"] == "bytes 2-4/10")
        let beyond = try served.send("GET", "/storage/v1/b/bkt/o/r?alt=media", headers: [("Range", "bytes=20-")])
        #expect(beyond.status == 416)
        #expect(
            ((beyond.json["error"] as? [String: Any])?["errors"] as? [[String: Any]])?.first?["reason"] as? String
                == "requestedRangeNotSatisfiable")
    }
}

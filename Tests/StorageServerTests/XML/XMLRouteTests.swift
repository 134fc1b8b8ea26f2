import Foundation
import GCSXML
import Primitives
import StorageAPI
import TestSupport
import Testing

/// The XML API of `StorageServer` on the wire: path-style objects, listings, multipart uploads, copies, conditions
/// and XML errors, on the store the other dialects share.
@Suite struct XMLRouteTests {
    private func put(_ served: ServedStorage, _ path: String, _ text: String, headers: [(String, String)] = [])
        throws -> RawResponse
    {
        try served.send("PUT", path, headers: headers, text: text)
    }

    /// The text of every `<name>` element of an XML body, in order.
    private func values(_ response: RawResponse, _ name: String) -> [String] {
        response.text.components(separatedBy: "<\(name)>").dropFirst().compactMap {
            $0.components(separatedBy: "</\(name)>").first
        }
    }

    @Test func objectsArePutReadRangedAndDeletedOnTheSharedStore() throws {
        let served = try ServedStorage.withBucket()
        let written = try put(
            served, "/bkt/dir%2Fa%20b.txt", "0123456789",
            headers: [("Content-Type", "text/plain"), ("x-goog-meta-Owner", "ci"), ("Cache-Control", "no-cache")])
        #expect(written.status == 200)
        #expect(written.headers["ETag"] == "\"781e5e245d69b566979b86e28d23f2c7\"")
        let generation = try #require(written.headers["x-goog-generation"])
        #expect(served.stored("dir/a b.txt") == "0123456789")
        let read = try served.send("GET", "/bkt/dir/a%20b.txt")
        #expect(read.text == "0123456789")
        #expect(read.headers["x-goog-meta-owner"] == "ci")
        #expect(read.headers["Cache-Control"] == "no-cache")
        #expect(read.headers["Last-Modified"]?.hasSuffix(" GMT") == true)
        let ranged = try served.send("GET", "/bkt/dir%2Fa%20b.txt", headers: [("Range", "bytes=2-4")])
        #expect(ranged.status == 206 && ranged.text == "234")
        #expect(ranged.headers["Content-Range"] == "bytes 2-4/10")
        let head = try served.send("HEAD", "/bkt/dir%2Fa%20b.txt")
        #expect(head.headers["Content-Length"] == "10" && head.headers["x-goog-generation"] == generation)
        #expect(try served.send("GET", "/storage/v1/b/bkt/o/dir%2Fa%20b.txt").json["contentDisposition"] == nil)
        #expect(try served.send("DELETE", "/bkt/dir%2Fa%20b.txt").status == 204)
        let missing = try served.send("GET", "/bkt/dir%2Fa%20b.txt")
        #expect(missing.status == 404)
        #expect(missing.headers["Content-Type"]?.hasPrefix("application/xml") == true)
        #expect(values(missing, "Code") == ["NoSuchKey"])
        #expect(values(try served.send("GET", "/nobucket?list-type=2"), "Code") == ["NoSuchBucket"])
        #expect(try put(served, "/nobucket/x", "x").status == 404)
    }

    @Test func conditionsAnswer304And412() throws {
        let served = try ServedStorage.withBucket()
        let written = try put(served, "/bkt/c", "c")
        let etag = try #require(written.headers["ETag"])
        #expect(try served.send("GET", "/bkt/c", headers: [("If-None-Match", etag)]).status == 304)
        #expect(try served.send("GET", "/bkt/c", headers: [("If-Match", "\"other\"")]).status == 412)
        #expect(try served.send("GET", "/bkt/c", headers: [("If-Match", etag)]).text == "c")
        let later = HTTPDateText.inAnHour
        #expect(try served.send("GET", "/bkt/c", headers: [("If-Modified-Since", later)]).status == 304)
        let refused = try put(served, "/bkt/c", "again", headers: [("x-goog-if-generation-match", "0")])
        #expect(refused.status == 412)
        #expect(values(refused, "Code") == ["PreconditionFailed"])
        #expect(served.stored("c") == "c")
        #expect(try served.send("GET", "/bkt/c?generation=1").status == 404)
    }

    @Test func listingsPageByTokenAndStartAfterAndListEveryName() throws {
        let served = try ServedStorage.withBucket()
        for name in ["a/1", "a/2", "b", "c//d", "e/"] { try served.seed(name, name) }
        let all = try served.send("GET", "/bkt?list-type=2")
        #expect(values(all, "Key") == ["a/1", "a/2", "b", "c//d", "e/"])
        #expect(values(all, "KeyCount") == ["5"])
        let folders = try served.send("GET", "/bkt?list-type=2&delimiter=%2F")
        #expect(values(folders, "Key") == ["b"])
        #expect(values(folders, "Prefix") == ["", "a/", "c/", "e/"])
        let first = try served.send("GET", "/bkt?list-type=2&max-keys=2")
        #expect(values(first, "Key") == ["a/1", "a/2"])
        #expect(values(first, "IsTruncated") == ["true"])
        let token = try #require(values(first, "NextContinuationToken").first)
        let second = try served.send(
            "GET", "/bkt?list-type=2&max-keys=2&continuation-token=\(GCSEscaping.queryEscape(token))")
        #expect(values(second, "Key") == ["b", "c//d"])
        let after = try served.send("GET", "/bkt?list-type=2&start-after=b&prefix=")
        #expect(values(after, "Key") == ["c//d", "e/"])
        let version1 = try served.send("GET", "/bkt?max-keys=1&marker=a%2F1")
        #expect(values(version1, "Key") == ["a/2"])
        #expect(values(version1, "NextMarker") == ["a/2"])
    }

    /// A name XML 1.0 cannot carry (U+0001) is listed percent-encoded with `encoding-type=url`, and refused without
    /// it rather than written into an ill-formed page or as another name.
    @Test func aNameXMLCannotCarryIsListedOnlyURLEncoded() throws {
        let served = try ServedStorage.withBucket()
        for name in ["a\u{1}b", "c d+e/f"] { try served.seed(name, name) }
        let refused = try served.send("GET", "/bkt?list-type=2")
        #expect(refused.status == 400)
        #expect(values(refused, "Code") == ["InvalidArgument"])
        #expect(refused.text.contains("a%01b") && refused.text.contains("encoding-type=url"))
        let encoded = try served.send("GET", "/bkt?list-type=2&encoding-type=url&delimiter=%2F")
        #expect(encoded.status == 200)
        #expect(values(encoded, "EncodingType") == ["url"])
        #expect(values(encoded, "Key") == ["a%01b"])
        #expect(values(encoded, "Prefix") == ["", "c%20d%2Be/"])
        #expect(values(encoded, "Delimiter") == ["/"])
        #expect(try served.send("GET", "/bkt?encoding-type=base64").status == 400)
        #expect(values(try served.send("GET", "/bkt?prefix=c"), "Key") == ["c d+e/f"])
        #expect(values(try served.send("GET", "/bkt?prefix=c&delimiter=%2F"), "Prefix") == ["c", "c d+e/"])
    }

    /// A non-empty `prefix` keeps only the names under it, in both list versions and with a delimiter.
    @Test func aListWithAPrefixListsOnlyTheNamesUnderIt() throws {
        let served = try ServedStorage.withBucket()
        for name in ["a/1", "a/b/2", "ab", "b/1"] { try served.seed(name, name) }
        let under = try served.send("GET", "/bkt?list-type=2&prefix=a%2F")
        #expect(values(under, "Key") == ["a/1", "a/b/2"])
        #expect(values(under, "KeyCount") == ["2"])
        #expect(values(under, "Prefix") == ["a/"])
        let folders = try served.send("GET", "/bkt?list-type=2&prefix=a%2F&delimiter=%2F")
        #expect(values(folders, "Key") == ["a/1"])
        #expect(values(folders, "Prefix") == ["a/", "a/b/"])
        #expect(values(try served.send("GET", "/bkt?list-type=2&prefix=a"), "Key") == ["a/1", "a/b/2", "ab"])
        #expect(values(try served.send("GET", "/bkt?prefix=b"), "Key") == ["b/1"])
        #expect(values(try served.send("GET", "/bkt?list-type=2&prefix=zz"), "Key") == [])
    }

    @Test func aMultipartUploadIsAssembledInOrderFromItsParts() throws {
        let served = try ServedStorage.withBucket()
        let initiated = try served.send(
            "POST", "/bkt/big?uploads", headers: [("Content-Type", "application/x-big"), ("x-goog-meta-k", "v")])
        let id = try #require(values(initiated, "UploadId").first)
        let first = [UInt8](repeating: 1, count: 5 << 20)
        let second = Array("tail".utf8)
        let one = try served.send("PUT", "/bkt/big?partNumber=1&uploadId=\(id)", body: first)
        let two = try served.send("PUT", "/bkt/big?partNumber=2&uploadId=\(id)", body: second)
        let listed = try served.send("GET", "/bkt/big?uploadId=\(id)")
        #expect(values(listed, "PartNumber") == ["1", "2"])
        #expect(values(listed, "Size") == ["5242880", "4"])
        let etags = [one, two].compactMap { $0.headers["ETag"] }
        let wrongOrder =
            "<CompleteMultipartUpload><Part><PartNumber>2</PartNumber><ETag>\(etags[1])</ETag></Part>"
            + "<Part><PartNumber>1</PartNumber><ETag>\(etags[0])</ETag></Part></CompleteMultipartUpload>"
        #expect(
            values(try served.send("POST", "/bkt/big?uploadId=\(id)", text: wrongOrder), "Code") == ["InvalidPartOrder"]
        )
        let body =
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\(etags[0])</ETag></Part>"
            + "<Part><PartNumber>2</PartNumber><ETag>\(etags[1])</ETag></Part></CompleteMultipartUpload>"
        let completed = try served.send("POST", "/bkt/big?uploadId=\(id)", text: body)
        #expect(completed.status == 200)
        #expect(values(completed, "Key") == ["big"])
        let stored = try served.backend.readObject(ReadRequest(object: ObjectAddress(bucket: "bkt", name: "big")))
        #expect(stored.totalSize == Int64(first.count + second.count))
        #expect(try stored.contents().suffix(4) == Data(second))
        let metadata = try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "big"))
        #expect(metadata.contentType == "application/x-big" && metadata.customMetadata == ["k": "v"])
        #expect(values(try served.send("GET", "/bkt/big?uploadId=\(id)"), "Code") == ["NoSuchUpload"])
    }

    @Test func smallPartsWrongETagsAndAbortsAreRefusedOrForgotten() throws {
        let served = try ServedStorage.withBucket()
        let id = try #require(values(try served.send("POST", "/bkt/m?uploads"), "UploadId").first)
        let a = try served.send("PUT", "/bkt/m?partNumber=1&uploadId=\(id)", text: "small")
        let b = try served.send("PUT", "/bkt/m?partNumber=2&uploadId=\(id)", text: "parts")
        let tags = [a, b].compactMap { $0.headers["ETag"] }
        let small =
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\(tags[0])</ETag></Part>"
            + "<Part><PartNumber>2</PartNumber><ETag>\(tags[1])</ETag></Part></CompleteMultipartUpload>"
        #expect(values(try served.send("POST", "/bkt/m?uploadId=\(id)", text: small), "Code") == ["EntityTooSmall"])
        let wrong =
            "<CompleteMultipartUpload><Part><PartNumber>1</PartNumber><ETag>\"00\"</ETag></Part></CompleteMultipartUpload>"
        #expect(values(try served.send("POST", "/bkt/m?uploadId=\(id)", text: wrong), "Code") == ["InvalidPart"])
        #expect(values(try served.send("POST", "/bkt/m?uploadId=\(id)", text: "<x"), "Code") == ["MalformedXML"])
        #expect(try served.send("PUT", "/bkt/m?partNumber=0&uploadId=\(id)", text: "x").status == 400)
        #expect(try served.send("DELETE", "/bkt/m?uploadId=\(id)").status == 204)
        #expect(try served.send("PUT", "/bkt/m?partNumber=1&uploadId=\(id)", text: "x").status == 404)
        #expect(served.stored("m") == nil)
    }

    @Test func copiesKeepOrReplaceTheMetadata() throws {
        let served = try ServedStorage.withBucket()
        _ = try put(served, "/bkt/src", "source", headers: [("Content-Type", "text/x-src"), ("x-goog-meta-a", "1")])
        let copied = try served.send("PUT", "/bkt/dst", headers: [("x-goog-copy-source", "bkt/src")])
        #expect(copied.status == 200)
        #expect(values(copied, "ETag").count == 1)
        #expect(served.stored("dst") == "source")
        let kept = try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "dst"))
        #expect(kept.contentType == "text/x-src" && kept.customMetadata == ["a": "1"])
        _ = try served.send(
            "PUT", "/bkt/dst2",
            headers: [
                ("x-goog-copy-source", "/bkt/src"), ("x-goog-metadata-directive", "REPLACE"),
                ("Content-Type", "text/x-new"),
            ])
        let replaced = try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "dst2"))
        #expect(replaced.contentType == "text/x-new" && replaced.customMetadata.isEmpty)
        let missing = try served.send("PUT", "/bkt/dst3", headers: [("x-goog-copy-source", "bkt/none")])
        #expect(missing.status == 404)
    }

    @Test func otherRoutesAreNotClaimedAndBucketsAreManagedByPath() throws {
        let served = try ServedStorage()
        #expect(try served.send("PUT", "/made").status == 200)
        #expect(try served.send("HEAD", "/made").status == 200)
        #expect(try served.send("PUT", "/made").status == 409)
        #expect(try served.send("GET", "/storage/v1/b/made").status == 200)
        _ = try put(served, "/made/x", "x")
        #expect(values(try served.send("DELETE", "/made"), "Code") == ["BucketNotEmpty"])
        #expect(try served.send("GET", "/v0/b/made/o/x?alt=media").text == "x")
        #expect(try served.send("GET", "/v0/b/made/o").json["items"] != nil)
        #expect(try served.send("GET", "/internal/info").json["server"] != nil)
        #expect(try served.send("GET", "/retry_tests").json["retry_test"] != nil)
    }

    /// The first segments other routes own are reserved, compared after percent-decoding: an escaped `internal`
    /// or `v0`, or an `upload` outside the JSON API's upload paths, never reaches the XML API as a bucket, whatever
    /// it asks.
    @Test(arguments: ["/%69nternal", "/%76%30", "/v%30", "/%73torage", "/retry%5Ftests", "/upload", "/download"])
    func reservedNamesAreNotXMLBuckets(_ segment: String) throws {
        let served = try ServedStorage()
        #expect(try served.send("PUT", segment).status == 404)
        #expect(try served.send("PUT", segment + "/x", text: "x").status == 404)
        #expect(served.backend.buckets().isEmpty)
    }
}

extension XMLRouteTests {
    /// storage-testbench's retry tests reach the XML API through the JSON API's operation names.
    @Test func retryTestsMeetXMLRequestsInTheirOwnErrorShape() throws {
        let served = try ServedStorage.withBucket()
        _ = try put(served, "/bkt/r", "r")
        let created = try served.send(
            "POST", "/retry_test", headers: [("Content-Type", "application/json")],
            text: #"{"instructions":{"storage.objects.get":["return-503"],"storage.objects.insert":["return-429"]}}"#)
        let id = try #require(created.json["id"] as? String)
        let read = try served.send("GET", "/bkt/r", headers: [("x-retry-test-id", id)])
        #expect(read.status == 503)
        #expect(values(read, "Code") == ["ServiceUnavailable"])
        #expect(try served.send("PUT", "/bkt/r", headers: [("x-retry-test-id", id)], text: "s").status == 429)
        #expect(served.stored("r") == "r")
        #expect(try served.send("GET", "/bkt/r", headers: [("x-retry-test-id", id)]).text == "r")
    }
}

/// An HTTP date an hour from now.
private enum HTTPDateText {
    static var inAnHour: String {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.timeZone = TimeZone(identifier: "GMT")
        formatter.dateFormat = "EEE, dd MMM yyyy HH:mm:ss 'GMT'"
        return formatter.string(from: Date().addingTimeInterval(3600))
    }
}

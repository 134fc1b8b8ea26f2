import Foundation
import StorageAPI
import StorageWire
import Testing

@Suite struct DownloadRouteTests {
    private let digits = "0123456789"

    @Test func metadataIsTheObjectJSON() throws {
        let served = try ServedStorage()
        let stored = try served.seed(
            "dir/file.txt", "hello world",
            metadata: ObjectMetadataFields(contentType: "text/plain", customMetadata: ["k": "v"]))
        let response = try served.send("GET", "/v0/b/bkt/o/dir%2Ffile.txt")
        #expect(response.status == 200)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        #expect(try ObjectResourceJSON.decode(Data(response.body)) == stored)
        #expect(response.json["size"] as? String == "11")
        #expect(response.json["generation"] as? String == String(stored.generation))
        #expect((response.json["metadata"] as? [String: String]) == ["k": "v"])
        let json = try served.send("GET", "/v0/b/bkt/o/dir%2Ffile.txt?alt=json")
        #expect(json.status == 200)
        let other = try served.send("GET", "/v0/b/bkt/o/dir%2Ffile.txt?alt=xml")
        #expect(other.status == 400)
    }

    /// If-Range as HTTP specifies: the range when the validator is the current ETag, else the whole object (200).
    @Test func ifRangeServesTheRangeOnlyWhileTheObjectIsUnchanged() throws {
        let served = try ServedStorage()
        try served.seed("f.txt", "hello world")
        let etag = "\"5eb63bbbe01eeed093cb22bb8f5acdc3\""
        let same = try served.send(
            "GET", "/v0/b/bkt/o/f.txt?alt=media", headers: [("Range", "bytes=6-"), ("If-Range", etag)])
        #expect(same.status == 206)
        #expect(same.text == "world")
        try served.seed("f.txt", "replaced!")
        let changed = try served.send(
            "GET", "/v0/b/bkt/o/f.txt?alt=media", headers: [("Range", "bytes=6-"), ("If-Range", etag)])
        #expect(changed.status == 200)
        #expect(changed.text == "replaced!")
        #expect(changed.headers["Content-Range"] == nil)
        #expect(changed.headers["ETag"] != etag)
        let client = served.client()
        let read = try client.readObject(
            ReadRequest(object: ObjectAddress(bucket: "bkt", name: "f.txt"), offset: 6, length: 100, ifRange: etag))
        #expect(read.offset == 0)
        #expect(String(decoding: read.data, as: UTF8.self) == "replaced!")
        #expect(read.etag == changed.headers["ETag"])
    }

    @Test func missingObjectIs404JSONForMetadataAndMedia() throws {
        let served = try ServedStorage()
        for target in ["/v0/b/bkt/o/none", "/v0/b/bkt/o/none?alt=media"] {
            let response = try served.send("GET", target)
            #expect(response.status == 404)
            #expect(response.errorCode == 404)
            #expect(response.errorMessage?.contains("none") == true)
        }
    }

    @Test func mediaCarriesTheObjectHeaders() throws {
        let served = try ServedStorage()
        let stored = try served.seed(
            "f.txt", "hello world",
            metadata: ObjectMetadataFields(
                cacheControl: "max-age=60", contentDisposition: "inline", contentLanguage: "fr",
                contentType: "text/plain"))
        let response = try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media")
        #expect(response.status == 200)
        #expect(response.text == "hello world")
        #expect(response.headers["Content-Type"] == "text/plain")
        #expect(response.headers["Content-Length"] == "11")
        #expect(response.headers["Accept-Ranges"] == "bytes")
        // Production's media ETag: the hex MD5 of the bytes (recorded: fileDownload, uploadWithSpace).
        #expect(response.headers["ETag"] == "\"5eb63bbbe01eeed093cb22bb8f5acdc3\"")
        #expect(response.headers["x-goog-generation"] == String(stored.generation))
        #expect(response.headers["x-goog-metageneration"] == "1")
        #expect(response.headers["x-goog-hash"] == "crc32c=\(stored.crc32c),md5=\(stored.md5Hash)")
        #expect(response.headers["Content-Disposition"] == "inline")
        #expect(response.headers["Cache-Control"] == "max-age=60")
        #expect(response.headers["Content-Language"] == "fr")
        #expect(response.headers["Content-Encoding"] == nil)
        #expect(response.headers["Content-Range"] == nil)
    }

    @Test func headAnswersTheHeadersWithoutTheBody() throws {
        let served = try ServedStorage()
        try served.seed("f", digits)
        let response = try served.send("HEAD", "/v0/b/bkt/o/f?alt=media")
        #expect(response.status == 200)
        #expect(response.headers["Content-Length"] == "10")
        #expect(response.body.isEmpty)
        let metadata = try served.send("HEAD", "/v0/b/bkt/o/f")
        #expect(metadata.status == 200)
    }

    /// Bytes marked gzip that are not gzip cannot be decompressed: they are sent as stored, named gzip only to a
    /// client that takes it.
    @Test func contentEncodingIsNamedOnlyToClientsThatAcceptIt() throws {
        let served = try ServedStorage()
        try served.seed("z", "gzipped?", metadata: ObjectMetadataFields(contentEncoding: "gzip"))
        let accepting = try served.send(
            "GET", "/v0/b/bkt/o/z?alt=media", headers: [("Accept-Encoding", "gzip, deflate")])
        #expect(accepting.headers["Content-Encoding"] == "gzip")
        #expect(accepting.text == "gzipped?")
        let refusing = try served.send(
            "GET", "/v0/b/bkt/o/z?alt=media", headers: [("Accept-Encoding", "gzip;q=0, identity")])
        #expect(refusing.headers["Content-Encoding"] == nil)
        #expect(refusing.text == "gzipped?")
        let silent = try served.send("GET", "/v0/b/bkt/o/z?alt=media")
        #expect(silent.headers["Content-Encoding"] == nil)
    }

    @Test(arguments: [
        ("bytes=2-5", "2345", "bytes 2-5/10"),
        ("bytes=7-", "789", "bytes 7-9/10"),
        ("bytes=-3", "789", "bytes 7-9/10"),
        ("bytes=-30", "0123456789", "bytes 0-9/10"),
        ("bytes=8-100", "89", "bytes 8-9/10"),
        ("bytes=0-0", "0", "bytes 0-0/10"),
        (" Bytes = 1-2 ", "12", "bytes 1-2/10"),
    ])
    func singleRangesArePartialContent(range: String, body: String, contentRange: String) throws {
        let served = try ServedStorage()
        try served.seed("f", digits)
        let response = try served.send("GET", "/v0/b/bkt/o/f?alt=media", headers: [("Range", range)])
        #expect(response.status == 206)
        #expect(response.text == body)
        #expect(response.headers["Content-Range"] == contentRange)
        #expect(response.headers["Content-Length"] == String(body.count))
    }

    @Test(arguments: [
        "bytes=10-", "bytes=10-20", "bytes=-0", "bytes=5-2", "bytes=abc", "bytes=", "bytes=1-2-3", "bytes=--1",
    ])
    func unsatisfiableOrMalformedBytesRangesAre416WithTheSize(range: String) throws {
        let served = try ServedStorage()
        try served.seed("f", digits)
        let response = try served.send("GET", "/v0/b/bkt/o/f?alt=media", headers: [("Range", range)])
        #expect(response.status == 416)
        #expect(response.headers["Content-Range"] == "bytes */10")
        #expect(response.errorCode == 416)
    }

    @Test(arguments: ["items=0-3", "bytes=0-1,4-5", "pages"])
    func otherUnitsAndMultipleRangesGetTheWholeObject(range: String) throws {
        let served = try ServedStorage()
        try served.seed("f", digits)
        let response = try served.send("GET", "/v0/b/bkt/o/f?alt=media", headers: [("Range", range)])
        #expect(response.status == 200)
        #expect(response.text == digits)
        #expect(response.headers["Content-Range"] == nil)
    }

    @Test func anEmptyObjectReadsWholeFromZeroAndRefusesLaterRanges() throws {
        let served = try ServedStorage()
        try served.seed("empty", "")
        let whole = try served.send("GET", "/v0/b/bkt/o/empty?alt=media", headers: [("Range", "bytes=0-99")])
        #expect(whole.status == 200)
        #expect(whole.body.isEmpty)
        let later = try served.send("GET", "/v0/b/bkt/o/empty?alt=media", headers: [("Range", "bytes=1-")])
        #expect(later.status == 416)
        #expect(later.headers["Content-Range"] == "bytes */0")
    }

    @Test func aDownloadTokenGrantsTheReadThatRulesDeny() throws {
        let served = try ServedStorage()
        let stored = try served.seed("secret", "s3cret")
        served.backend.setRules(StorageRules(entries: []), bucket: "bkt")
        let denied = try served.send("GET", "/v0/b/bkt/o/secret?alt=media")
        #expect(denied.status == 403)
        let token = try #require(stored.downloadTokens.first)
        let granted = try served.send("GET", "/v0/b/bkt/o/secret?alt=media&token=\(token)")
        #expect(granted.status == 200)
        #expect(granted.text == "s3cret")
        #expect(granted.headers["Content-Type"] == "application/octet-stream")
        let ranged = try served.send(
            "GET", "/v0/b/bkt/o/secret?alt=media&token=\(token)", headers: [("Range", "bytes=9-")])
        #expect(ranged.status == 416)
        #expect(ranged.headers["Content-Range"] == "bytes */6")
        let wrong = try served.send("GET", "/v0/b/bkt/o/secret?alt=media&token=nope")
        #expect(wrong.status == 403)
        let metadata = try served.send("GET", "/v0/b/bkt/o/secret?token=\(token)")
        #expect(metadata.status == 403)
    }

    @Test func authorizationSchemesReachTheRules() throws {
        let served = try ServedStorage()
        try served.seed("private/a", "x")
        served.backend.setRules(
            StorageRules(entries: [.init(path: "private/**", operations: [.read], requiresSignIn: true)]), bucket: "bkt"
        )
        let token = IDToken.unsigned(uid: "alice")
        #expect(try served.send("GET", "/v0/b/bkt/o/private%2Fa").status == 403)
        #expect(
            try served.send("GET", "/v0/b/bkt/o/private%2Fa", headers: [("Authorization", "Firebase \(token)")]).status
                == 200)
        #expect(
            try served.send("GET", "/v0/b/bkt/o/private%2Fa", headers: [("Authorization", "Bearer \(token)")]).status
                == 200)
        #expect(
            try served.send("GET", "/v0/b/bkt/o/private%2Fa", headers: [("Authorization", "Firebase not-a-token")])
                .status
                == 401)
        #expect(
            try served.send("GET", "/v0/b/bkt/o/private%2Fa", headers: [("Authorization", "Basic abc")]).status == 401)
    }
}

/// What recorded production traffic shows the v0 routes answer, where the reference used to differ.
@Suite struct ProductionHeaderTests {
    /// A client that resumes a download with `If-Range` needs an ETag that follows the bytes only.
    @Test func theMediaETagFollowsTheBytesNotTheMetadata() throws {
        let served = try ServedStorage()
        try served.backend.seed(bucket: "bkt", name: "f.txt", data: Data("hello world".utf8))
        let first = try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media")
        #expect(first.headers["Content-Disposition"] == "inline; filename*=utf-8''f.txt")
        let before = try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media").headers["ETag"]
        _ = try served.backend.updateMetadata(
            ObjectAddress(bucket: "bkt", name: "f.txt"), patch: MetadataPatch(fields: [.cacheControl: "no-cache"]))
        #expect(try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media").headers["ETag"] == before)
        try served.backend.seed(bucket: "bkt", name: "f.txt", data: Data("other bytes".utf8))
        #expect(try served.send("GET", "/v0/b/bkt/o/f.txt?alt=media").headers["ETag"] != before)
    }

    @Test func aQueryAnswerCarriesTheChunkGranularity() throws {
        let served = try ServedStorage()
        let start = try served.send(
            "POST", "/v0/b/bkt/o?name=q.bin",
            headers: [("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start")])
        let url = try #require(start.headers["X-Goog-Upload-URL"])
        let path = String(url.drop { $0 != "/" }.dropFirst(2).drop { $0 != "/" })
        let query = try served.send("PUT", path, headers: [("X-Goog-Upload-Command", "query")])
        #expect(query.headers["X-Goog-Upload-Chunk-Granularity"] == "262144")
        #expect(query.headers["X-Goog-Upload-Status"] == "active")
    }
}

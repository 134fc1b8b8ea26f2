import Foundation
import StorageAPI
import StorageWire
import Testing

@Suite struct UploadRouteTests {
    @Test func mediaUploadByQueryNameStoresTheBodyWithItsContentType() throws {
        let served = try ServedStorage()
        let response = try served.send(
            "POST", "/v0/b/bkt/o?name=dir%2FsomeFile", headers: [("Content-Type", "text/plain")], text: "hello world")
        #expect(response.status == 200)
        let resource = try ObjectResourceJSON.decode(Data(response.body))
        #expect(resource.name == "dir/someFile")
        #expect(resource.size == 11)
        #expect(resource.contentType == "text/plain")
        #expect(resource.downloadTokens.count == 1)
        #expect(served.stored("dir/someFile") == "hello world")
    }

    @Test func mediaUploadByPathWithPutAndDefaultType() throws {
        let served = try ServedStorage()
        let response = try served.send("PUT", "/v0/b/bkt/o/a%2Fb.bin", text: "xyz")
        #expect(response.status == 200)
        #expect(response.json["contentType"] as? String == "application/octet-stream")
        #expect(served.stored("a/b.bin") == "xyz")
    }

    @Test func unencodedSlashesInTheQueryNameWork() throws {
        let served = try ServedStorage()
        let response = try served.send("POST", "/v0/b/bkt/o?name=pyre/dir/file.txt", text: "p")
        #expect(response.status == 200)
        #expect(served.stored("pyre/dir/file.txt") == "p")
    }

    @Test func anUploadWithoutAName400() throws {
        let served = try ServedStorage()
        let response = try served.send("POST", "/v0/b/bkt/o", text: "x")
        #expect(response.status == 400)
        #expect(response.errorMessage?.contains("names no object") == true)
        let empty = try served.send("POST", "/v0/b/bkt/o?name=", text: "x")
        #expect(empty.status == 400)
        #expect(empty.errorMessage?.contains("empty") == true)
    }

    @Test func multipartAsTheJSSDKSendsIt() throws {
        let served = try ServedStorage()
        let body =
            "--123456789\r\nContent-Type: application/json; charset=utf-8\r\n\r\n"
            + #"{"name":"ignored","contentType":"text/plain","cacheControl":"no-cache","metadata":{"k":"v"}}"#
            + "\r\n--123456789\r\nContent-Type: image/png\r\n\r\nhello\r\nworld\r\n--123456789--"
        let response = try served.send(
            "POST", "/v0/b/bkt/o?name=path%2Fto%2Ffile.txt",
            headers: [
                ("X-Goog-Upload-Protocol", "multipart"), ("Content-Type", "multipart/related; boundary=123456789"),
            ], text: body)
        #expect(response.status == 200)
        let resource = try ObjectResourceJSON.decode(Data(response.body))
        #expect(resource.name == "path/to/file.txt")
        #expect(resource.contentType == "text/plain")
        #expect(resource.cacheControl == "no-cache")
        #expect(resource.customMetadata == ["k": "v"])
        #expect(served.stored("path/to/file.txt") == "hello\r\nworld")
    }

    @Test func multipartWithQuotedBoundaryPreambleExtraHeadersAndNameOnlyInMetadata() throws {
        let served = try ServedStorage()
        let body =
            "preamble to skip\r\n--b:q\r\nContent-Type: application/json\r\nX-Extra: 1\r\n\r\n{\"name\":\"from-json\"}"
            + "\r\n--b:q\r\nContent-Type: text/csv\r\nContent-Transfer-Encoding: binary\r\n\r\na,b\r\n--b:q--\r\nepilogue"
        let response = try served.send(
            "POST", "/v0/b/bkt/o",
            headers: [
                ("X-Goog-Upload-Protocol", "Multipart"),
                ("Content-Type", "Multipart/Related; charset=x; boundary=\"b:q\""),
            ], text: body)
        #expect(response.status == 200)
        #expect(response.json["contentType"] as? String == "text/csv")
        #expect(served.stored("from-json") == "a,b")
    }

    @Test func multipartPartsWithoutHeadersAndEmptyData() throws {
        let served = try ServedStorage()
        let body = "--x\r\n\r\n{}\r\n--x\r\n\r\n\r\n--x--\r\n"
        let response = try served.send(
            "POST", "/v0/b/bkt/o?name=e",
            headers: [
                ("X-Goog-Upload-Protocol", "multipart"), ("Content-Type", "multipart/related; boundary=x"),
            ], text: body)
        #expect(response.status == 200)
        #expect(response.json["size"] as? String == "0")
    }

    /// gcsfs writes its multipart bodies with bare LF line breaks, and GCS accepts them.
    @Test func multipartWithBareLineFeeds() throws {
        let served = try ServedStorage()
        let body =
            "--==0==\nContent-Type: application/json\n\n{\"name\":\"lf\"}\n--==0==\nContent-Type: text/plain\n\nhi\n\n--==0==--"
        let response = try served.send(
            "POST", "/v0/b/bkt/o",
            headers: [
                ("X-Goog-Upload-Protocol", "multipart"), ("Content-Type", "multipart/related; boundary=\"==0==\""),
            ], text: body)
        #expect(response.status == 200)
        #expect(response.json["name"] as? String == "lf")
        #expect(response.json["size"] as? String == "3")
        #expect(response.json["contentType"] as? String == "text/plain")
    }

    @Test(arguments: [
        ("text/plain", "--x\r\n\r\n{}\r\n--x\r\n\r\nd\r\n--x--", "Bad content type"),
        ("multipart/related", "--x\r\n\r\n{}\r\n--x\r\n\r\nd\r\n--x--", "no boundary"),
        ("multipart/related; boundary=x", "--x\r\n\r\n{}\r\n--x--", "exactly two parts"),
        (
            "multipart/related; boundary=x", "--x\r\n\r\n{}\r\n--x\r\n\r\na\r\n--x\r\n\r\nb\r\n--x--",
            "exactly two parts"
        ),
        ("multipart/related; boundary=x", "--x\r\n\r\n{}\r\n--x\r\n\r\nno end", "closing boundary"),
        ("multipart/related; boundary=x", "nothing here", "does not contain its boundary"),
        ("multipart/related; boundary=x", "--x\r\nContent-Type: a\r\n{}\r\n--x\r\n\r\nd\r\n--x--", "no blank line"),
        (
            "multipart/related; boundary=x", "--x\r\nbroken header\r\n\r\n{}\r\n--x\r\n\r\nd\r\n--x--",
            "malformed header"
        ),
        ("multipart/related; boundary=x", "--xjunk\r\n\r\n{}\r\n--x\r\n\r\nd\r\n--x--", "must end with a line break"),
        ("multipart/related; boundary=x", "--x\r\n\r\n[1]\r\n--x\r\n\r\nd\r\n--x--", "must be a JSON object"),
        (
            "multipart/related; boundary=x", "--x\r\n\r\n{\"contentType\":5}\r\n--x\r\n\r\nd\r\n--x--",
            "must be a string"
        ),
        ("multipart/related; boundary=x", "--x\r\n\r\n{oops\r\n--x\r\n\r\nd\r\n--x--", "not valid JSON"),
    ])
    func malformedMultipartIs400WithTheReason(contentType: String, body: String, reason: String) throws {
        let served = try ServedStorage()
        let response = try served.send(
            "POST", "/v0/b/bkt/o?name=m",
            headers: [
                ("X-Goog-Upload-Protocol", "multipart"), ("Content-Type", contentType),
            ], text: body)
        #expect(response.status == 400)
        #expect(response.errorMessage?.contains(reason) == true, "\(response.errorMessage ?? "")")
        #expect(served.stored("m") == nil)
    }

    @Test func unknownUploadProtocolAndTokenManagementAreRefused() throws {
        let served = try ServedStorage()
        let unknown = try served.send(
            "POST", "/v0/b/bkt/o?name=u", headers: [("X-Goog-Upload-Protocol", "carrier-pigeon")], text: "x")
        #expect(unknown.status == 400)
        let resumableWithoutCommand = try served.send(
            "POST", "/v0/b/bkt/o?name=u", headers: [("X-Goog-Upload-Protocol", "resumable")], text: "x")
        #expect(resumableWithoutCommand.status == 400)
        try served.seed("t", "x")
        let token = try served.send("POST", "/v0/b/bkt/o/t?create_token=true")
        #expect(token.status == 501)
    }

    @Test func uploadsAreDeniedByRulesAndBadTokens() throws {
        let served = try ServedStorage()
        served.backend.setRules(StorageRules(entries: [.init(path: "open/**", operations: [.write])]), bucket: "bkt")
        #expect(try served.send("POST", "/v0/b/bkt/o?name=closed", text: "x").status == 403)
        #expect(try served.send("POST", "/v0/b/bkt/o?name=open%2Fx", text: "x").status == 200)
        #expect(
            try served.send(
                "POST", "/v0/b/bkt/o?name=open%2Fy", headers: [("Authorization", "Firebase junk")], text: "x"
            )
            .status == 401)
    }
}

import Foundation
import StorageAPI
import StorageWire
import TestSupport
import Testing

@Suite struct ResumableRouteTests {
    /// Starts a session for `name` and returns the upload URL's target (path and query).
    private func start(
        _ served: ServedStorage, name: String = "big.bin", headers: [(String, String)] = [], metadata: String = ""
    ) throws -> String {
        let response = try served.send(
            "POST", "/v0/b/bkt/o?name=\(GCSEscaping.queryEscape(name))",
            headers: [
                ("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start"),
                ("Content-Type", "application/json"),
            ] + headers, text: metadata)
        #expect(response.status == 200)
        #expect(response.headers["X-Goog-Upload-Status"] == "active")
        let url = try #require(response.headers["X-Goog-Upload-URL"])
        let prefix = "http://127.0.0.1:\(served.port)"
        #expect(url.hasPrefix(prefix))
        return String(url.dropFirst(prefix.count))
    }

    private func command(
        _ served: ServedStorage, _ target: String, _ command: String, offset: Int? = nil, body: String = "",
        method: String = "PUT"
    ) throws -> RawResponse {
        var headers = [("X-Goog-Upload-Command", command)]
        if let offset { headers.append(("X-Goog-Upload-Offset", String(offset))) }
        return try served.send(method, target, headers: headers, text: body)
    }

    @Test func startAnswersTheUploadURLAndGranularity() throws {
        let served = try ServedStorage(granularity: 4)
        let response = try served.send(
            "POST", "/v0/b/bkt/o/dir%2Fa%20b?uploadType=resumable&name=dir%2Fa%20b",
            headers: [
                ("X-Goog-Upload-Protocol", "resumable"), ("X-Goog-Upload-Command", "start"),
                ("Host", "localhost:9199"),
            ], text: #"{"name":"dir/a b","bucket":"","contentType":"text/plain"}"#)
        #expect(response.status == 200)
        #expect(response.headers["X-Goog-Upload-Status"] == "active")
        #expect(response.headers["X-Goog-Upload-Chunk-Granularity"] == "4")
        let url = try #require(response.headers["X-Goog-Upload-URL"])
        let id = try #require(response.headers["X-GUploader-UploadID"])
        #expect(url == "http://localhost:9199/v0/b/bkt/o?name=dir/a%20b&upload_id=\(id)&upload_protocol=resumable")
    }

    @Test func chunksThenFinalizeCommitTheObject() throws {
        let served = try ServedStorage(granularity: 4)
        let target = try start(served, metadata: #"{"contentType":"text/plain","metadata":{"k":"v"}}"#)
        let first = try command(served, target, "upload", offset: 0, body: "abcd")
        #expect(first.status == 200)
        #expect(first.headers["X-Goog-Upload-Status"] == "active")
        // Production reports the size on query answers only (recorded: fileUploadWithPauseResume).
        #expect(first.headers["X-Goog-Upload-Size-Received"] == nil)
        #expect(first.body.isEmpty)
        let query = try command(served, target, "query", method: "POST")
        #expect(query.headers["X-Goog-Upload-Status"] == "active")
        #expect(query.headers["X-Goog-Upload-Size-Received"] == "4")
        let last = try command(served, target, "upload, finalize", offset: 4, body: "ef")
        #expect(last.status == 200)
        #expect(last.headers["X-Goog-Upload-Status"] == "final")
        #expect(last.headers["X-Goog-Upload-Size-Received"] == nil)
        let resource = try ObjectResourceJSON.decode(Data(last.body))
        #expect(resource.size == 6)
        #expect(resource.contentType == "text/plain")
        #expect(resource.customMetadata == ["k": "v"])
        #expect(served.stored("big.bin") == "abcdef")
        let finalQuery = try command(served, target, "query")
        #expect(finalQuery.headers["X-Goog-Upload-Status"] == "final")
        #expect(try ObjectResourceJSON.decode(Data(finalQuery.body)) == resource)
    }

    @Test func aRepeatedFinalizeAnswersTheObject() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        let first = try command(served, target, "upload, finalize", offset: 0, body: "abc")
        let again = try command(served, target, "finalize", offset: 3)
        #expect(again.status == 200)
        #expect(again.headers["X-Goog-Upload-Status"] == "final")
        #expect(try ObjectResourceJSON.decode(Data(again.body)) == ObjectResourceJSON.decode(Data(first.body)))
    }

    @Test func anEditedUploadURLDoesNotReachTheSession() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served, name: "orig")
        for edited in [
            target.replacingOccurrences(of: "/v0/b/bkt/o?", with: "/v0/b/other/o?"),
            target.replacingOccurrences(of: "name=orig", with: "name=evil"),
        ] {
            let response = try command(served, edited, "upload, finalize", offset: 0, body: "abc")
            #expect(response.status == 404, "\(edited)")
        }
        #expect(served.stored("orig") == nil)
        #expect(served.stored("evil") == nil)
        #expect(try command(served, target, "upload, finalize", offset: 0, body: "abc").status == 200)
        #expect(served.stored("orig") == "abc")
    }

    @Test func aSeparateFinalizeCommitsWhatWasSent() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        #expect(try command(served, target, "upload", offset: 0, body: "xy").status == 200)
        let final = try command(served, target, "finalize", offset: 2)
        #expect(final.status == 200)
        #expect(final.headers["X-Goog-Upload-Status"] == "final")
        #expect(served.stored("big.bin") == "xy")
        let withBody = try command(served, try start(served, name: "other"), "finalize", offset: 0, body: "zz")
        #expect(withBody.status == 400)
        #expect(withBody.headers["X-Goog-Upload-Status"] == "active")
    }

    @Test func aChunkWithoutOffsetIsAppended() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        #expect(try command(served, target, "upload", body: "ab").status == 200)
        #expect(try command(served, target, "query").headers["X-Goog-Upload-Size-Received"] == "2")
        #expect(try command(served, target, "upload, finalize", body: "c").status == 200)
        #expect(served.stored("big.bin") == "abc")
    }

    @Test func aWrongOffsetIs400AndSaysWhereTheSessionStands() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        #expect(try command(served, target, "upload", offset: 0, body: "abc").status == 200)
        for offset in [0, 5] {
            let wrong = try command(served, target, "upload", offset: offset, body: "d")
            #expect(wrong.status == 400)
            #expect(wrong.errorMessage?.contains("offset") == true)
            #expect(wrong.headers["X-Goog-Upload-Status"] == "active")
            #expect(wrong.headers["X-Goog-Upload-Size-Received"] == "3")
        }
        let garbage = try served.send(
            "PUT", target, headers: [("X-Goog-Upload-Command", "upload"), ("X-Goog-Upload-Offset", "three")], text: "d")
        #expect(garbage.status == 400)
    }

    @Test func chunksOffTheGranularityAre400() throws {
        let served = try ServedStorage(granularity: 4)
        let target = try start(served)
        let response = try command(served, target, "upload", offset: 0, body: "abc")
        #expect(response.status == 400)
        #expect(response.errorMessage?.contains("granularity") == true)
    }

    @Test func afterFinalNothingMoreIsAccepted() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        #expect(try command(served, target, "upload, finalize", offset: 0, body: "done").status == 200)
        for (name, offset, body) in [("upload", 4, "more"), ("upload, finalize", 4, "x")] {
            let response = try command(served, target, name, offset: offset, body: body)
            #expect(response.status == 400, "\(name)")
            #expect(response.headers["X-Goog-Upload-Status"] == "final")
            #expect(response.headers["X-Goog-Upload-Size-Received"] == "4")
        }
        let cancel = try command(served, target, "cancel")
        #expect(cancel.status == 400)
        #expect(cancel.headers["X-Goog-Upload-Status"] == "final")
        #expect(served.stored("big.bin") == "done")
    }

    @Test func cancelIsIdempotentAndEndsTheSession() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        #expect(try command(served, target, "upload", offset: 0, body: "ab").status == 200)
        for _ in 0..<2 {
            let cancel = try command(served, target, "cancel")
            #expect(cancel.status == 200)
            #expect(cancel.headers["X-Goog-Upload-Status"] == "cancelled")
            #expect(cancel.headers["X-Goog-Upload-Size-Received"] == "2")
        }
        let query = try command(served, target, "query")
        #expect(query.status == 200)
        #expect(query.headers["X-Goog-Upload-Status"] == "cancelled")
        for name in ["upload", "finalize"] {
            let response = try command(served, target, name, offset: 2, body: name == "upload" ? "c" : "")
            #expect(response.status == 400)
            #expect(response.headers["X-Goog-Upload-Status"] == "cancelled")
        }
        #expect(served.stored("big.bin") == nil)
    }

    @Test func finalizeDeniedByRulesIs403AndFinal() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(served)
        served.backend.setRules(StorageRules(entries: []), bucket: "bkt")
        let response = try command(served, target, "upload, finalize", offset: 0, body: "x")
        #expect(response.status == 403)
        #expect(response.headers["X-Goog-Upload-Status"] == "final")
        #expect(served.stored("big.bin") == nil)
    }

    @Test func badSessionsAndCommands() throws {
        let served = try ServedStorage()
        let noID = try command(served, "/v0/b/bkt/o?name=x&upload_protocol=resumable", "upload", offset: 0, body: "a")
        #expect(noID.status == 400)
        #expect(noID.errorMessage?.contains("upload_id") == true)
        let unknown = try command(served, "/v0/b/bkt/o?name=x&upload_id=nope&upload_protocol=resumable", "query")
        #expect(unknown.status == 404)
        #expect(unknown.headers["X-Goog-Upload-Status"] == nil)
        let target = try start(served)
        let noCommand = try served.send("PUT", target, text: "chunk")
        #expect(noCommand.status == 400)
        #expect(noCommand.errorMessage?.contains("X-Goog-Upload-Command") == true)
        #expect(served.stored("big.bin") == nil)
        let strange = try command(served, target, "upload, dance")
        #expect(strange.status == 400)
        #expect(strange.errorMessage?.contains("upload, dance") == true)
    }

    @Test func startReadsTheAnnouncedSizeAndType() throws {
        let served = try ServedStorage(granularity: 1)
        let target = try start(
            served,
            headers: [("X-Goog-Upload-Header-Content-Length", "3"), ("X-Goog-Upload-Header-Content-Type", "image/gif")])
        let short = try command(served, target, "upload, finalize", offset: 0, body: "ab")
        #expect(short.status == 400)
        #expect(short.errorMessage?.contains("declared size") == true)
        let other = try start(
            served, name: "gif",
            headers: [("X-Goog-Upload-Content-Length", "1"), ("X-Goog-Upload-Content-Type", "image/gif")])
        let done = try command(served, other, "upload, finalize", offset: 0, body: "g")
        #expect(done.json["contentType"] as? String == "image/gif")
        let bad = try served.send(
            "POST", "/v0/b/bkt/o?name=n",
            headers: [
                ("X-Goog-Upload-Command", "start"), ("X-Goog-Upload-Content-Length", "-1"),
            ])
        #expect(bad.status == 400)
        let badJSON = try served.send(
            "POST", "/v0/b/bkt/o?name=n", headers: [("X-Goog-Upload-Command", "start")], text: "{\"metadata\":[]}")
        #expect(badJSON.status == 400)
        #expect(badJSON.errorMessage?.contains("\"metadata\"") == true)
    }
}

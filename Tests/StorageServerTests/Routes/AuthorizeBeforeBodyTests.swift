import Foundation
import StorageAPI
import TestSupport
import Testing

/// A write the rules refuse is answered from the request's head: the client never has to send the body,
/// and one that asks with `Expect: 100-continue` gets its 403 instead of `100 Continue`.
@Suite struct AuthorizeBeforeBodyTests {
    private func served() throws -> ServedStorage {
        let served = try ServedStorage()
        served.backend.setRules(
            StorageRules(entries: [.init(path: "open/**", operations: [.read, .write])]), bucket: "bkt")
        return served
    }

    @Test func aDeniedUploadWithExpectContinueGets403Instead() throws {
        let served = try served()
        let client = try RawClient(port: served.port)
        try client.send(
            "PUT /v0/b/bkt/o/locked%2Ff HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\n"
                + "Content-Length: 1048576\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 403)
        #expect(answer.errorMessage == "Permission denied. Could not perform this operation")
        #expect(answer.headers["Connection"] == "close")
    }

    @Test func aDeniedUploadIsAnsweredBeforeItsBodyIsSent() throws {
        let served = try served()
        for head in [
            "POST /v0/b/bkt/o?name=locked%2Ff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 10485760\r\n\r\n",
            "PATCH /v0/b/bkt/o/locked%2Ff HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n",
            "POST /v0/b/bkt/o?name=x HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Firebase junk\r\n"
                + "Content-Length: 100000\r\n\r\n",
        ] {
            let client = try RawClient(port: served.port)
            try client.send(head)
            let status = try client.readResponse().status
            #expect(status == 403 || status == 401, "\(head)")
        }
        #expect(served.stored("locked/f") == nil)
    }

    @Test func anAllowedUploadStillGetsContinueAndIsStored() throws {
        let served = try served()
        let client = try RawClient(port: served.port)
        try client.send(
            "PUT /v0/b/bkt/o/open%2Ff HTTP/1.1\r\nHost: 127.0.0.1\r\nExpect: 100-continue\r\nContent-Length: 4\r\n\r\n")
        #expect(try client.readResponse().status == 100)
        try client.send("data")
        #expect(try client.readResponse().status == 200)
        #expect(served.stored("open/f") == "data")
    }

    @Test func aBrowserCannotSendABodyToTheInternalRoutes() throws {
        let served = try served()
        let client = try RawClient(port: served.port)
        try client.send(
            "PUT /internal/buckets/bkt/rules HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: https://evil.example\r\n"
                + "Content-Length: 100000\r\n\r\n")
        let answer = try client.readResponse()
        #expect(answer.status == 403)
        #expect(answer.headers["Access-Control-Allow-Origin"] == nil)
    }
}

import Foundation
import StorageHTTP
import Testing

@Suite struct RequestTests {
    @Test func splitsTargetIntoRawPathAndQuery() {
        let request = HTTPRequest(target: "/v0/b/x/o/a%2Fb?alt=media&token=t")
        #expect(request.path == "/v0/b/x/o/a%2Fb")
        #expect(request.query == "alt=media&token=t")
        #expect(HTTPRequest(target: "/a").query == nil)
        #expect(HTTPRequest(target: "/a?").query == "")
        #expect(HTTPRequest(target: "http://example.com:9199/x/y?z=1").path == "/x/y")
        #expect(HTTPRequest(target: "http://example.com").path == "/")
        #expect(HTTPRequest(target: "*").path == "*")
    }

    @Test func jsonErrorHasTheFirebaseShape() throws {
        let response = HTTPResponse.jsonError(status: 404, message: "Not \"found\"\n")
        #expect(response.status == 404)
        #expect(response.headers["Content-Type"] == "application/json; charset=utf-8")
        let object = try #require(try JSONSerialization.jsonObject(with: response.body) as? [String: Any])
        let error = try #require(object["error"] as? [String: Any])
        #expect(error["code"] as? Int == 404)
        #expect(error["message"] as? String == "Not \"found\"\n")
    }

    @Test func reasonPhrases() {
        #expect(HTTPReasonPhrase.phrase(for: 200) == "OK")
        #expect(HTTPReasonPhrase.phrase(for: 431) == "Request Header Fields Too Large")
        #expect(HTTPReasonPhrase.phrase(for: 499) == "Client Error")
        #expect(HTTPReasonPhrase.phrase(for: 599) == "Server Error")
    }
}

import Foundation
import HTTPCore
import Testing

@Suite struct ExchangeRecorderTests {
    private func request(_ url: String, headers: [(String, String)] = [], body: Data? = nil) throws -> OutgoingRequest {
        OutgoingRequest(method: "POST", url: try #require(URL(string: url)), headers: headers, body: body)
    }

    @Test func tokensAreRedacted() throws {
        let recorder = ExchangeRecorder()
        let sent = try request(
            "http://h/v0/b/b/o/x?alt=media&token=secret-1&X-Goog-Signature=secret-2",
            headers: [("Authorization", "Bearer secret-3"), ("Content-Type", "text/plain")])
        let answer = IncomingResponse(
            status: 403, headers: ["set-cookie": "secret-4", "content-type": "application/json"],
            body: Data("{\"error\":1}".utf8), request: sent.described)
        recorder.record(sent, response: answer, error: nil)
        let text = try #require(recorder.exchanges.last).text
        #expect(!text.contains("secret"))
        #expect(text.contains("alt=media"))
        #expect(text.contains("token=REDACTED"))
        #expect(text.contains("authorization: REDACTED"))
        #expect(text.contains("content-type: text/plain"))
        #expect(text.contains("< 403"))
        #expect(text.contains("{\"error\":1}"))
    }

    @Test func downloadTokensInBodiesAreRedacted() throws {
        let recorder = ExchangeRecorder(bodyLimit: 120)
        let sent = try request(
            "http://h/v0/b/b/o?name=x",
            body: Data(#"{"metadata": {"firebaseStorageDownloadTokens": "secret-1,secret-2"}}"#.utf8))
        let answer = IncomingResponse(
            status: 200, headers: ["content-type": "application/json"],
            body: Data(
                (#"{"name":"x","downloadTokens" : "secret-3","size":"4","pad":""#
                    + String(repeating: "p", count: 60) + #"","access_token":"secret-4"}"#).utf8),
            request: sent.described)
        recorder.record(sent, response: answer, error: nil)
        let exchange = try #require(recorder.exchanges.last)
        #expect(!exchange.text.contains("secret"))
        #expect(exchange.requestBody.contains(#""firebaseStorageDownloadTokens": "REDACTED""#))
        #expect(exchange.responseBody.contains(#""downloadTokens" : "REDACTED","size":"4""#))

        let cut = ExchangeRecorder(bodyLimit: 30)
        let cutAnswer = IncomingResponse(
            status: 200, headers: [:], body: Data(#"{"downloadTokens":"secret-5-and-more"}"#.utf8),
            request: sent.described)
        cut.record(sent, response: cutAnswer, error: nil)
        #expect(try !#require(cut.exchanges.last).responseBody.contains("secret"))
    }

    @Test func bodiesAreCutAndBinaryIsHashed() throws {
        let recorder = ExchangeRecorder(bodyLimit: 100)
        let text = Data(String(repeating: "é", count: 300).utf8)
        recorder.record(try request("http://h/b", body: text), response: nil, error: "refused")
        let exchange = try #require(recorder.exchanges.last)
        #expect(exchange.requestBody.utf8.count < 140)
        #expect(exchange.requestBody.hasSuffix("… (600 bytes in all)"))
        #expect(exchange.error == "refused")

        recorder.record(try request("http://h/b", body: Data([0, 1, 2, 255])), response: nil, error: nil)
        let binary = try #require(recorder.exchanges.last).requestBody
        #expect(binary.hasPrefix("<4 bytes, sha256 "))
    }

    @Test func keepsOnlyTheLastExchanges() throws {
        let recorder = ExchangeRecorder(limit: 3)
        for index in 0..<5 { recorder.record(try request("http://h/\(index)"), response: nil, error: nil) }
        #expect(recorder.exchanges.map(\.url) == ["http://h/2", "http://h/3", "http://h/4"])
        #expect(recorder.dropped == 2)
    }
}

import Drivers
import Foundation
import HTTPCore
import Primitives
import Testing

/// A driver's `exchange` messages and the `exchanges` capability (docs/driver-protocol.md §2 and §4).
@Suite struct DriverExchangeReadingTests {
    private func record(_ json: String, into recorder: ExchangeRecorder = ExchangeRecorder()) throws
        -> RecordedExchange?
    {
        try DriverExchange.record(JSONParser.parse(Data(json.utf8)), into: recorder)
        return recorder.exchanges.last
    }

    @Test func anExchangeIsRedactedAsTheRunnersOwn() throws {
        let exchange = try #require(
            try record(
                #"""
                {"method": "POST", "url": "http://sdk.test/v0/b/b/o?name=a&token=secret1",
                 "requestHeaders": {"Authorization": "Bearer secret2", "Content-Type": "text/plain", "User-Agent": "x"},
                 "requestBody": "hello", "status": 200, "responseHeaders": {"ETag": "e1"},
                 "responseBody": "{\"downloadTokens\": \"secret3\"}"}
                """#))
        #expect(exchange.url == "http://sdk.test/v0/b/b/o?name=a&token=REDACTED")
        #expect(exchange.requestHeaders == ["authorization: REDACTED", "content-type: text/plain"])
        #expect(exchange.responseHeaders == ["etag: e1"])
        #expect(exchange.status == 200 && exchange.requestBody == "hello")
        #expect(!exchange.text.contains("secret"), "\(exchange.text)")
    }

    @Test func anExchangeWithoutAnAnswerSaysWhy() throws {
        let exchange = try #require(try record(#"{"method": "GET", "url": "http://sdk.test/o", "error": "reset"}"#))
        #expect(exchange.status == nil && exchange.error == "reset")
        let silent = try #require(try record(#"{"method": "GET", "url": "http://sdk.test/o"}"#))
        #expect(silent.error == "no answer")
    }

    @Test func headersAndBodiesAreCut() throws {
        let headers = (0..<100).map { #""h\#($0)": "v""# }.joined(separator: ", ")
        let body = String(repeating: "y", count: 100_000)
        let exchange = try #require(
            try record(
                #"{"method": "PUT", "url": "http://sdk.test/o", "requestHeaders": {\#(headers)}, "requestBody": "\#(body)"}"#
            ))
        #expect(exchange.requestHeaders.count == 32)
        #expect(exchange.requestBody.hasSuffix("… (100000 bytes in all)") && exchange.requestBody.utf8.count < 2200)
    }

    @Test func malformedExchangesAreRefused() {
        for json in [
            #"{"url": "http://sdk.test/"}"#, #"{"method": "GET"}"#, #"{"method": "GET", "url": "u", "status": 42}"#,
            #"{"method": "GET", "url": "u", "requestHeaders": ["a"]}"#,
            #"{"method": "GET", "url": "u", "requestBody": 1}"#,
            #"[]"#,
        ] {
            #expect(throws: DriverWire.Problem.self, "\(json)") { _ = try record(json) }
        }
    }

    @Test func theCapabilityIsReadUnderBothProtocols() throws {
        #expect(DriverCapabilities.protocol1(["delete", "exchanges"]).exchanges)
        #expect(!DriverCapabilities.protocol1(["delete"]).exchanges)
        let object = try JSONParser.parse(Data(#"{"exchanges": true}"#.utf8))
        var capabilities = try DriverCapabilities.protocol2(object)
        #expect(capabilities.exchanges)
        #expect(try DriverCapabilities.protocol2(capabilities.protocol2Value).exchanges)
        capabilities.exchanges = false
        #expect(try !DriverCapabilities.protocol2(capabilities.protocol2Value).exchanges)
    }
}

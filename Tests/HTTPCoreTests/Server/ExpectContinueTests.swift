import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite struct ExpectContinueTests {
    @Test func continueIsSentBeforeTheBodyIsRead() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT /e HTTP/1.1\r\nHost: h\r\nExpect: 100-Continue\r\nContent-Length: 4\r\n\r\n")
            let interim = try client.readResponse()
            #expect(interim.status == 100)
            #expect(interim.reason == "Continue")
            try client.send("data")
            let final = try client.readResponse()
            #expect(final.status == 200)
            #expect(final.text == "data")
        }
    }

    @Test func chunkedBodyAlsoGetsContinue() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT /e HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nTransfer-Encoding: chunked\r\n\r\n")
            #expect(try client.readResponse().status == 100)
            try client.send("2\r\nok\r\n0\r\n\r\n")
            #expect(try client.readResponse().text == "ok")
        }
    }

    @Test func tooLargeBodyIsRefusedWithoutContinue() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxBodyBytes = 1000 }
        let handled = SharedValue<Bool>()
        try withServer(
            configuration,
            handler: { request in
                handled.set(true)
                return EchoHandler.respond(request)
            }
        ) { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT /big HTTP/1.1\r\nHost: h\r\nExpect: 100-continue\r\nContent-Length: 1001\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 413)
            #expect(response.errorCode == 413)
            #expect(response.headers["Connection"] == "close")
            #expect(client.serverClosed())
            #expect(handled.get() == nil)
        }
    }

    @Test func unknownExpectationIs417() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT /e HTTP/1.1\r\nHost: h\r\nExpect: something-else\r\nContent-Length: 4\r\n\r\n")
            let response = try client.readResponse()
            #expect(response.status == 417)
            #expect(response.errorCode == 417)
            #expect(client.serverClosed())
        }
    }

    @Test func noContinueWithoutBodyOrForHTTP10() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/nobody", headers: "Expect: 100-continue\r\n"))
            #expect(try client.readResponse().status == 200)
            let old = try RawClient(port: port)
            try old.send("PUT / HTTP/1.0\r\nExpect: 100-continue\r\nContent-Length: 2\r\n\r\nhi")
            let response = try old.readResponse()
            #expect(response.status == 200)
            #expect(response.text == "hi")
        }
    }
}

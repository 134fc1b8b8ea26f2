import Foundation
import HTTPCore
import TestSupport
import Testing

@Suite struct TimeoutTests {
    @Test(arguments: LoopMode.allCases) func idleKeepAliveConnectionIsClosed(mode: LoopMode) throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.idleTimeout = .milliseconds(100) }
        try withServer(configuration, answersOnLoop: mode.answersOnLoop) { server, port in
            let client = try RawClient(port: port)
            try client.send(get("/"))
            #expect(try client.readResponse().status == 200)
            // The server closes on its own; the read returns end of stream instead of timing out.
            #expect(try client.readToEnd().isEmpty)
            #expect(eventually { server.openConnectionCount == 0 })
        }
    }

    @Test(arguments: LoopMode.allCases) func connectionThatNeverSendsIsClosedAfterTheIdleTimeout(mode: LoopMode) throws
    {
        let configuration = HTTPServerConfiguration.forTests.with { $0.idleTimeout = .milliseconds(100) }
        try withServer(configuration, answersOnLoop: mode.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            #expect(try client.readToEnd().isEmpty)
        }
    }

    @Test func stalledHeadGets408() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.readTimeout = .milliseconds(150) }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\nHost: h\r\n")
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(response.errorCode == 408)
            #expect(client.serverClosed())
        }
    }

    @Test func headTricklingInStillHasToArriveWithinTheReadTimeout() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.readTimeout = .milliseconds(200) }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("GET / HTTP/1.1\r\n")
            // Keeps sending header lines well within the timeout each, but never ends the head: a server that
            // only timed out on inactivity would never answer.
            for _ in 0..<100 where !client.hasDataAvailable() {
                usleep(20_000)
                try? client.send("X: y\r\n")
            }
            #expect(client.hasDataAvailable())
            let response = try client.readResponse()
            #expect(response.status == 408)
        }
    }

    @Test func stalledBodyGets408() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.readTimeout = .milliseconds(150) }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 10\r\n\r\nabc")
            let response = try client.readResponse()
            #expect(response.status == 408)
            #expect(client.serverClosed())
        }
    }

    @Test func stalledChunkedBodyGets408() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.readTimeout = .milliseconds(150) }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT / HTTP/1.1\r\nHost: h\r\nTransfer-Encoding: chunked\r\n\r\n3\r\nab")
            #expect(try client.readResponse().status == 408)
        }
    }
}

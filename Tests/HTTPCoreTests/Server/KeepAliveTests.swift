import Foundation
import TestSupport
import Testing

@Suite struct KeepAliveTests {
    @Test(arguments: LoopMode.allCases) func http11ConnectionIsReusedForManyRequests(mode: LoopMode) throws {
        let recorder = LogRecorder()
        try withServer(answersOnLoop: mode.answersOnLoop, log: recorder.record) { _, port in
            let client = try RawClient(port: port)
            for index in 0..<5 {
                try client.send(get("/r\(index)"))
                let response = try client.readResponse()
                #expect(response.headers["X-Path"] == "/r\(index)")
            }
            #expect(eventually { recorder.all.count == 5 })
            #expect(Set(recorder.all.map(\.remoteAddress)).count == 1)
        }
    }

    @Test(arguments: LoopMode.allCases) func connectionCloseFromTheClientIsHonoured(mode: LoopMode) throws {
        try withServer(answersOnLoop: mode.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/last", headers: "Connection: close\r\n"))
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["Connection"] == "close")
            #expect(client.serverClosed())
        }
    }

    @Test(arguments: LoopMode.allCases) func connectionCloseFromTheHandlerClosesAfterTheResponse(mode: LoopMode) throws
    {
        try withServer(answersOnLoop: mode.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/close"))
            let response = try client.readResponse()
            #expect(response.headers.values(for: "Connection") == ["close"])
            #expect(client.serverClosed())
        }
    }

    @Test(arguments: LoopMode.allCases) func pipelinedRequestsAreAnsweredInOrder(mode: LoopMode) throws {
        try withServer(answersOnLoop: mode.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            let requests = (0..<10).map { index in
                index % 2 == 0
                    ? get("/p\(index)")
                    : "PUT /p\(index) HTTP/1.1\r\nHost: h\r\nContent-Length: 3\r\n\r\nb\(index)x"
            }
            try client.send(requests.joined())
            for index in 0..<10 {
                let response = try client.readResponse()
                #expect(response.headers["X-Path"] == "/p\(index)")
                #expect(response.text == (index % 2 == 0 ? "hello" : "b\(index)x"))
            }
        }
    }

    @Test(arguments: LoopMode.allCases) func pipelineEndingInConnectionCloseStopsThere(mode: LoopMode) throws {
        try withServer(answersOnLoop: mode.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/a") + get("/b", headers: "Connection: close\r\n") + get("/never"))
            #expect(try client.readResponse().headers["X-Path"] == "/a")
            #expect(try client.readResponse().headers["X-Path"] == "/b")
            #expect(client.serverClosed())
        }
    }
}

import Foundation
import StorageHTTP
import Testing

@Suite struct KeepAliveTests {
    @Test func http11ConnectionIsReusedForManyRequests() throws {
        let recorder = LogRecorder()
        try withServer(log: recorder.record) { _, port in
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

    @Test func connectionCloseFromTheClientIsHonoured() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/last", headers: "Connection: close\r\n"))
            let response = try client.readResponse()
            #expect(response.status == 200)
            #expect(response.headers["Connection"] == "close")
            #expect(client.serverClosed())
        }
    }

    @Test func connectionCloseFromTheHandlerClosesAfterTheResponse() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/close"))
            let response = try client.readResponse()
            #expect(response.headers.values(for: "Connection") == ["close"])
            #expect(client.serverClosed())
        }
    }

    @Test func pipelinedRequestsAreAnsweredInOrder() throws {
        try withServer { _, port in
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

    @Test func pipelineEndingInConnectionCloseStopsThere() throws {
        try withServer { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/a") + get("/b", headers: "Connection: close\r\n") + get("/never"))
            #expect(try client.readResponse().headers["X-Path"] == "/a")
            #expect(try client.readResponse().headers["X-Path"] == "/b")
            #expect(client.serverClosed())
        }
    }
}

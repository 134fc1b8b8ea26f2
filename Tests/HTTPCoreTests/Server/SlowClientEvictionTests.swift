import Foundation
import HTTPCore
import TestSupport
import Testing

/// At the connection limit, newcomers take the places of clients that trickle a request head, never the place
/// of an ordinary client between two requests, nor of one whose body is arriving (issue 25, point 11).
@Suite struct SlowClientEvictionTests {
    private func get(_ path: String) -> String { "GET \(path) HTTP/1.1\r\nHost: localhost\r\n\r\n" }

    @Test func anOrdinaryClientBetweenTwoRequestsKeepsItsConnection() throws {
        // The slow heads must not time out before the newcomers come, however loaded the machine.
        let configuration = HTTPServerConfiguration.forTests.with {
            $0.maxConnections = 4
            $0.readTimeout = .seconds(60)
        }
        try withServer(configuration) { _, port in
            let slow = try (0..<2).map { _ in try RawClient(port: port) }
            for client in slow { try client.send("GET /never HTTP/1.1\r\nHost: localhost\r\nX-Slow: ") }
            let upload = try RawClient(port: port)
            try upload.send("PUT /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 10\r\n\r\nx")
            Thread.sleep(forTimeInterval: 1.2)  // the slow heads (and the body) are now old enough to give way
            let ordinary = try RawClient(port: port)
            try ordinary.send(get("/first"))
            #expect(try ordinary.readResponse().status == 200)
            for index in 0..<2 {
                let newcomer = try RawClient(port: port)
                try newcomer.send(get("/newcomer\(index)"))
                #expect(try newcomer.readResponse().status == 200)
            }
            try ordinary.send(get("/second"))
            #expect(try ordinary.readResponse().status == 200)
            #expect(slow.allSatisfy { $0.serverClosed() })
            try upload.send(Array("123456789".utf8))
            #expect(try upload.readResponse().status == 200)
        }
    }
}

import Foundation
import HTTPCore
import Synchronization
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct ConcurrencyTests {
    @Test func manyClientsAtOnceAreAllAnsweredCorrectly() throws {
        let failures = Mutex<[String]>([])
        try withServer { _, port in
            runOnThreads(64) { client in
                do {
                    let connection = try RawClient(port: port)
                    for request in 0..<5 {
                        let body = "client \(client) request \(request)"
                        try connection.send(
                            "PUT /c\(client)/r\(request) HTTP/1.1\r\nHost: h\r\nContent-Length: \(body.utf8.count)\r\n\r\n\(body)"
                        )
                        let response = try connection.readResponse()
                        if response.text != body || response.headers["X-Path"] != "/c\(client)/r\(request)" {
                            failures.withLock { $0.append("client \(client) request \(request): got \(response.text)") }
                        }
                    }
                } catch {
                    failures.withLock { $0.append("client \(client): \(error)") }
                }
            }
        }
        #expect(failures.withLock { $0 } == [])
    }

    @Test func twoHundredConnectionsUploadAndDownloadMegabytes() throws {
        let size = 1024 * 1024
        let failures = Mutex<[String]>([])
        let peak = Mutex(0)
        try withServer { server, port in
            // All connections are open before any request is sent, so the server holds 200 at once.
            let clients = try (0..<200).map { _ in try RawClient(port: port) }
            #expect(eventually { server.openConnectionCount == 200 })
            peak.withLock { $0 = server.openConnectionCount }
            let shared = UncheckedBox(clients)
            runOnThreads(200) { index in
                let client = shared.value[index]
                let payload = [UInt8](repeating: UInt8(truncatingIfNeeded: index), count: size)
                do {
                    try client.send(
                        Array("PUT /u\(index) HTTP/1.1\r\nHost: h\r\nContent-Length: \(size)\r\n\r\n".utf8) + payload)
                    let response = try client.readResponse()
                    if !sameBytes(response.body, payload) {
                        failures.withLock { $0.append("client \(index): body differs") }
                    }
                } catch {
                    failures.withLock { $0.append("client \(index): \(error)") }
                }
            }
        }
        #expect(peak.withLock { $0 } == 200)
        #expect(failures.withLock { $0 } == [])
    }

    /// At the limit, a newcomer is refused only when every connection is busy making a response.
    @Test func connectionsBeyondTheLimitGet503WhenNoneCanGiveWay() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxConnections = 2 }
        let recorder = LogRecorder()
        let gate = GatedHandler(path: "/slow")
        let (entered, release) = (gate.entered, gate.release)
        try withServer(configuration, handler: gate.respond, log: recorder.record) { server, port in
            let first = try RawClient(port: port)
            let second = try RawClient(port: port)
            try first.send(get("/slow"))
            try second.send(get("/slow"))
            #expect(entered.wait(timeout: .now() + 60) == .success)
            #expect(entered.wait(timeout: .now() + 60) == .success)
            #expect(server.openConnectionCount == 2)

            let third = try RawClient(port: port)
            let refused = try third.readResponse()
            #expect(refused.status == 503)
            #expect(refused.errorCode == 503)
            #expect(refused.headers["Connection"] == "close")
            #expect(third.serverClosed())
            #expect(eventually { recorder.all.contains { $0.status == 503 } })

            release.signal()
            release.signal()
            #expect(try first.readResponse().status == 200)
            #expect(try second.readResponse().status == 200)
            // A connection turns idle just after its answer is sent: on a busy machine first's thread may do so
            // only now, so second's next request comes well after, to make first the longest idle.
            Thread.sleep(forTimeInterval: 0.5)
            try second.send(get("/again"))
            #expect(try second.readResponse().status == 200)
            // Both now wait idle for another request: once idle a while, a newcomer takes the place of the longest
            // idle (first).
            Thread.sleep(forTimeInterval: 1.2)
            let fourth = try RawClient(port: port)
            try fourth.send(get("/"))
            #expect(try fourth.readResponse().status == 200)
            #expect(first.serverClosed())
            try second.send(get("/still"))
            #expect(try second.readResponse().status == 200)
        }
    }

    /// Clients that hold every slot with requests they never finish (slowloris) do not lock others out.
    @Test func slowClientsHoldingEverySlotGiveWay() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.maxConnections = 4 }
        try withServer(configuration) { server, port in
            let slow = try (0..<4).map { _ in try RawClient(port: port) }
            for client in slow { try client.send("GET /never HTTP/1.1\r\nHost: localhost\r\nX-Slow: ") }
            // All four are counted (accepted), then have been receiving for over a second: they may give way.
            #expect(eventually { server.openConnectionCount == 4 })
            Thread.sleep(forTimeInterval: 1.2)
            for index in 0..<3 {
                let ordinary = try RawClient(port: port)
                try ordinary.send(get("/ordinary\(index)"))
                #expect(try ordinary.readResponse().status == 200)
            }
            #expect(slow.contains { $0.serverClosed() })
        }
    }

    /// A body that trickles in slower than the minimum rate ends in 408 instead of holding its connection.
    @Test func aTricklingBodyTimesOut() throws {
        let configuration = HTTPServerConfiguration.forTests.with {
            $0.readTimeout = .milliseconds(500)
            $0.minimumBodyBytesPerSecond = 1000
        }
        try withServer(configuration) { _, port in
            let client = try RawClient(port: port)
            try client.send("PUT /upload HTTP/1.1\r\nHost: localhost\r\nContent-Length: 100000\r\n\r\n")
            let started = ContinuousClock.now
            var answered = false
            while ContinuousClock.now - started < .seconds(60), !answered {
                try? client.send(Array(repeating: UInt8(ascii: "x"), count: 20))
                Thread.sleep(forTimeInterval: 0.1)
                answered = client.hasDataAvailable()
            }
            #expect(answered)
            #expect(try client.readResponse().status == 408)
        }
    }
}

/// Compares large byte arrays with memcmp (element-wise == is slow in debug builds).
private func sameBytes(_ lhs: [UInt8], _ rhs: [UInt8]) -> Bool {
    lhs.count == rhs.count
        && lhs.withUnsafeBytes { left in
            rhs.withUnsafeBytes { right in
                guard let leftBase = left.baseAddress, let rightBase = right.baseAddress else { return left.count == 0 }
                return memcmp(leftBase, rightBase, left.count) == 0
            }
        }
}

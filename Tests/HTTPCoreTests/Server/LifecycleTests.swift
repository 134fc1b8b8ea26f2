import Foundation
import HTTPCore
import TestSupport
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite struct LifecycleTests {
    @Test func startReturnsTheBoundPortAndStopReleasesIt() throws {
        let server = HTTPServer(configuration: .forTests, handler: EchoHandler.respond)
        #expect(server.port == nil)
        let port = try server.start()
        #expect(port > 0)
        #expect(server.port == port)
        server.stop()
        #expect(server.port == nil)
        #expect(throws: (any Error).self) { try RawClient(port: port) }
        server.stop()  // a second stop is harmless
    }

    @Test func startingTwiceIsAnError() throws {
        try withServer { server, _ in
            #expect(throws: HTTPServerError.alreadyRunning) { try server.start() }
        }
    }

    @Test func serverCanBeRestartedAfterStop() throws {
        let server = HTTPServer(configuration: .forTests, handler: EchoHandler.respond)
        for _ in 0..<2 {
            let port = try server.start()
            let client = try RawClient(port: port)
            try client.send(get("/"))
            #expect(try client.readResponse().status == 200)
            server.stop()
        }
    }

    @Test func portInUseIsAClearError() throws {
        try withServer { _, port in
            let second = HTTPServer(configuration: .forTests.with { $0.port = port }, handler: EchoHandler.respond)
            #expect(throws: HTTPServerError.addressInUse(host: "127.0.0.1", port: port)) { try second.start() }
            #expect(second.port == nil)
        }
    }

    @Test(arguments: ["not a host name!", "256.1.1.1", "", "192.0.2.1"])
    func badHostIsAClearError(host: String) throws {
        let server = HTTPServer(configuration: .forTests.with { $0.host = host }, handler: EchoHandler.respond)
        let error = try #require(throws: HTTPServerError.self) { try server.start() }
        guard case .invalidHost = error else {
            Issue.record("expected invalidHost, got \(error)")
            return
        }
        #expect(error.description.contains("cannot listen on host"))
    }

    @Test func invalidConfigurationIsRejected() throws {
        let badPort = HTTPServer(configuration: .forTests.with { $0.port = 70000 }, handler: EchoHandler.respond)
        #expect(throws: HTTPServerError.invalidPort(70000)) { try badPort.start() }
        let badLimit = HTTPServer(configuration: .forTests.with { $0.maxHeaderCount = 0 }, handler: EchoHandler.respond)
        #expect(throws: HTTPServerError.self) { try badLimit.start() }
        let badTimeout = HTTPServer(
            configuration: .forTests.with { $0.readTimeout = .zero }, handler: EchoHandler.respond)
        #expect(throws: HTTPServerError.self) { try badTimeout.start() }
        let noLoops = HTTPServer(configuration: .forTests.with { $0.eventLoops = 0 }, handler: EchoHandler.respond)
        #expect(throws: HTTPServerError.self) { try noLoops.start() }
    }

    @Test func ipv6LoopbackWorksWhenAvailable() throws {
        let server = HTTPServer(configuration: .forTests.with { $0.host = "::1" }, handler: EchoHandler.respond)
        do {
            _ = try server.start()
        } catch HTTPServerError.invalidHost {
            return  // no IPv6 on this machine
        }
        #expect(server.port != nil)
        server.stop()
    }

    @Test func stopClosesIdleConnectionsAndLetsRequestsInProgressFinish() throws {
        let server = HTTPServer(configuration: .forTests, handler: EchoHandler.respond)
        let port = try server.start()
        let idle = try RawClient(port: port)
        try idle.send(get("/"))
        #expect(try idle.readResponse().status == 200)
        let busy = try RawClient(port: port)
        try busy.send(get("/sleep/300"))
        #expect(eventually { server.openConnectionCount == 2 })
        usleep(50_000)  // let the slow request reach the handler

        server.stop()

        #expect(idle.serverClosed())
        let finished = try busy.readResponse()
        #expect(finished.status == 200)
        #expect(finished.headers["Connection"] == "close")
        #expect(busy.serverClosed())
    }

    @Test func stopShutsDownConnectionsThatOverstayTheGracePeriod() throws {
        let configuration = HTTPServerConfiguration.forTests.with { $0.stopGracePeriod = .milliseconds(100) }
        let server = HTTPServer(configuration: configuration, handler: EchoHandler.respond)
        let port = try server.start()
        let stalled = try RawClient(port: port)
        try stalled.send("PUT / HTTP/1.1\r\nHost: h\r\nContent-Length: 1000\r\n\r\nonly part")
        #expect(eventually { server.openConnectionCount == 1 })
        server.stop()
        #expect(stalled.serverClosed())
    }

    @Test(arguments: LoopMode.allCases) func descriptorsDoNotLeakOverAThousandConnections(mode: LoopMode) throws {
        try withServer(answersOnLoop: mode.answersOnLoop) { server, port in
            for index in 0..<1000 {
                let client = try RawClient(port: port)
                if index % 3 == 0 {
                    try client.send(get("/\(index)"))
                    #expect(try client.readResponse().status == 200)
                } else if index % 3 == 1 {
                    try client.send("BAD\r\n\r\n")
                    #expect(try client.readResponse().status == 400)
                }
            }
            #expect(eventually { server.openConnectionCount == 0 })
            #expect(
                eventually { SocketInventory.descriptors(usingPort: port) == 1 }, "only the listening socket stays open"
            )
        }
    }
}

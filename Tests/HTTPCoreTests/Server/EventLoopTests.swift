import Foundation
import HTTPCore
import Synchronization
import TestSupport
import Testing

/// What the event loops answer themselves, and what they leave to threads so that no client holds up another.
/// One loop, so that every connection of a test shares it.
@Suite struct EventLoopTests {
    private static let oneLoop = HTTPServerConfiguration.forTests.with { $0.eventLoops = 1 }

    /// A handler that blocks runs on a thread: requests the loop answers on other connections go on meanwhile.
    @Test func aBlockedHandlerHoldsUpOnlyItsOwnConnection() throws {
        let gate = GatedHandler(path: "/blocked")
        let (entered, release) = (gate.entered, gate.release)
        try withServer(Self.oneLoop, handler: gate.respond, answersOnLoop: { $0.path != "/blocked" }) { _, port in
            let blocked = try RawClient(port: port)
            try blocked.send(get("/blocked"))
            #expect(entered.wait(timeout: .now() + 60) == .success)
            let other = try RawClient(port: port)
            for index in 0..<20 {
                try other.send(get("/quick\(index)"))
                #expect(try other.readResponse().headers["X-Path"] == "/quick\(index)")
            }
            release.signal()
            #expect(try blocked.readResponse().headers["X-Path"] == "/blocked")
        }
    }

    /// A client that asks for large responses and never reads them cannot stall the loop: what the socket does
    /// not take at once is written from a thread. The test decides on events: the other client's answers
    /// arrive while the greedy one still has not read a byte (a stalled loop would never answer them; the
    /// receive guard would end the test instead of hanging it).
    @Test func aClientThatDoesNotReadCannotStallTheLoop() throws {
        try withServer(Self.oneLoop, answersOnLoop: { _ in true }) { _, port in
            let greedy = try RawClient(port: port)
            try greedy.send(String(repeating: get("/bytes/4194304"), count: 4))
            // The loop has started answering the greedy client: its socket holds the first bytes.
            #expect(greedy.waitForData())
            let other = try RawClient(port: port)
            for index in 0..<5 {
                try other.send(get("/quick\(index)"))
                #expect(try other.readResponse().headers["X-Path"] == "/quick\(index)")
            }
            let expected = EchoHandler.bytes(4_194_304)
            for _ in 0..<4 {
                // Compared outside `#expect`, which would describe both 4 MiB arrays element by element.
                let isWhole = try greedy.readResponse().body == expected
                #expect(isWhole)
            }
        }
    }

    /// Requests the loop answers and requests served on a thread, pipelined on one connection, are answered in
    /// order, and the connection goes back and forth between them.
    @Test func pipelinedRequestsMovingBetweenLoopAndThreadsStayInOrder() throws {
        try withServer(Self.oneLoop, answersOnLoop: LoopMode.loop.answersOnLoop) { _, port in
            let client = try RawClient(port: port)
            let requests = [
                get("/a"), "PUT /b HTTP/1.1\r\nHost: h\r\nContent-Length: 2\r\n\r\nbb", get("/sleep/20"), get("/c"),
                "HEAD /bytes/70000 HTTP/1.1\r\nHost: h\r\n\r\n", get("/bytes/70000"), get("/d"),
            ]
            try client.send(requests.joined())
            #expect(try client.readResponse().headers["X-Path"] == "/a")
            #expect(try client.readResponse().text == "bb")
            #expect(try client.readResponse().headers["X-Path"] == "/sleep/20")
            #expect(try client.readResponse().headers["X-Path"] == "/c")
            #expect(try client.readResponse(bodyless: true).headers["Content-Length"] == "70000")
            #expect(try client.readResponse().body == EchoHandler.bytes(70000))
            #expect(try client.readResponse().headers["X-Path"] == "/d")
            try client.send(get("/e"))
            #expect(try client.readResponse().headers["X-Path"] == "/e")
        }
    }

    /// A body a producer writes, asked for by a handler the loop called, is written from a thread: one that pauses
    /// arrives whole, later; one that fails ends the connection after what it wrote; a reset answers nothing.
    @Test(arguments: [TestProducer.pausing, .failing, .reset])
    func producersAskedOnTheLoopRunOnAThread(kind: TestProducer.Kind) throws {
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { _ in
            kind == .reset ? .connectionReset : HTTPResponse(status: 200, producer: TestProducer(kind: kind))
        }
        try withServer(Self.oneLoop, handler: handler, answersOnLoop: { _ in true }) { _, port in
            let client = try RawClient(port: port)
            let started = ContinuousClock.now
            try client.send(get("/"))
            if kind == .pausing {
                let response = try client.readResponse()
                #expect(response.status == 200)
                #expect(response.text == String(repeating: "x", count: 100))
                #expect(ContinuousClock.now - started >= .milliseconds(200))
                return
            }
            let text = String(decoding: try client.readToEnd(), as: UTF8.self)
            switch kind {
            case .pausing:
                break
            case .failing:
                #expect(text.hasPrefix("HTTP/1.1 200 OK\r\n"))
                #expect(text.hasSuffix("\r\n\r\nxxxxxxxxxx"))
            case .reset:
                #expect(text.isEmpty)
            }
        }
    }

    /// A thread that served a request waits for the next one instead of ending, so blocking requests in a
    /// row do not start a thread each.
    @Test func threadsAreReusedForRequestsThatBlock() throws {
        let threads = Mutex<Set<UInt>>([])
        let handler: @Sendable (HTTPRequest) -> HTTPResponse = { request in
            threads.withLock { _ = $0.insert(UInt(bitPattern: Int(bitPattern: pthread_self()))) }
            return EchoHandler.respond(request)
        }
        try withServer(Self.oneLoop, handler: handler) { _, port in
            let client = try RawClient(port: port)
            for index in 0..<5 {
                try client.send("PUT /\(index) HTTP/1.1\r\nHost: h\r\nContent-Length: 1\r\n\r\nx")
                #expect(try client.readResponse().status == 200)
                Thread.sleep(forTimeInterval: 0.05)  // the thread parks once it has handed the connection back
            }
        }
        #expect(threads.withLock { $0.count } == 1)
    }

    /// Requests the loop answers are logged as any other.
    @Test func requestsAnsweredOnTheLoopAreLogged() throws {
        let recorder = LogRecorder()
        try withServer(Self.oneLoop, answersOnLoop: { _ in true }, log: recorder.record) { _, port in
            let client = try RawClient(port: port)
            try client.send(get("/logged?x=1"))
            #expect(try client.readResponse().status == 200)
            #expect(eventually { recorder.all.count == 1 })
            let line = try #require(recorder.all.first)
            #expect(line.method == "GET")
            #expect(line.target == "/logged?x=1")
            #expect(line.requestBytes == get("/logged?x=1").utf8.count)
        }
    }
}

/// A body of 100 `x`: written with a 200 ms pause after 5 bytes, or failing after 10.
struct TestProducer: HTTPBodyProducer {
    enum Kind: Sendable, CaseIterable {
        case pausing, failing, reset
    }

    static let pausing = Kind.pausing
    let kind: Kind
    var length: Int64 { 100 }

    func produce(into sink: HTTPBodySink) throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "x"), count: 100)
        try bytes.withUnsafeBytes { all in
            let split = kind == .pausing ? 5 : 10
            try sink.write(UnsafeRawBufferPointer(rebasing: all[..<split]))
            guard kind == .pausing else { throw CancellationError() }
            _ = sink.pause(milliseconds: 200)
            try sink.write(UnsafeRawBufferPointer(rebasing: all[split...]))
        }
    }
}

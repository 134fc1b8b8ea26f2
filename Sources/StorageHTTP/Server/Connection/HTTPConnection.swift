import Foundation
import StorageModel

/// Serves one accepted connection on its own thread: reads requests one after another (pipelined ones
/// in order), calls the handler, writes the responses, and closes on error, timeout, stop or when
/// either side asks for it.
final class HTTPConnection {
    private let runtime: ServerRuntime
    private let configuration: HTTPServerConfiguration
    private let socket: ConnectionSocket
    private let input: ConnectionInput
    private let remoteAddress: String
    private var writer: ResponseWriter
    private let readTimeoutMilliseconds: Int
    private let limits: RequestHeadParser.Limits

    init(socket: ConnectionSocket, remoteAddress: String, runtime: ServerRuntime) {
        let configuration = runtime.configuration
        self.runtime = runtime
        self.configuration = configuration
        self.socket = socket
        self.remoteAddress = remoteAddress
        writer = ResponseWriter(errorResponder: runtime.errorResponder)
        let lineLimit = max(configuration.maxRequestLineBytes, configuration.maxHeaderBytes, 4096)
        input = ConnectionInput(
            socket: socket,
            buffer: ReceiveBuffer(initialCapacity: 16 * 1024, maxCapacity: lineLimit + 64 * 1024))
        readTimeoutMilliseconds = Int(configuration.readTimeout.pollMilliseconds)
        limits = RequestHeadParser.Limits(
            maxRequestLineBytes: configuration.maxRequestLineBytes,
            maxHeaderBytes: configuration.maxHeaderBytes,
            maxHeaderCount: configuration.maxHeaderCount)
    }

    /// What to do with the connection after an exchange.
    private enum Next {
        case keepOpen
        /// Our last response said `Connection: close`: half-close and let the peer read it before closing.
        case closeAfterResponse
        /// The peer is gone or unreachable: close at once.
        case abort
    }

    /// Serves until the connection ends, then closes it and tells the runtime.
    func run() {
        var next = Next.keepOpen
        while next == .keepOpen, awaitRequest() {
            next = serveRequest()
        }
        if next == .closeAfterResponse, !runtime.isStopping {
            socket.shutdownWrite()
            socket.drain(limit: 1 << 20, timeoutMilliseconds: 1000, stopDescriptor: runtime.stopSignal.descriptor)
        }
        runtime.connectionEnded(socket)
    }

    /// Waits, at most the idle timeout, for the first bytes of the next request. False: close the connection.
    private func awaitRequest() -> Bool {
        let idleMilliseconds = configuration.idleTimeout.pollMilliseconds
        if input.buffer.isEmpty { runtime.registry.mark(socket.descriptor, .idle) }
        while input.buffer.isEmpty {
            if runtime.isStopping { return false }
            switch socket.wait(timeoutMilliseconds: idleMilliseconds, stopDescriptor: runtime.stopSignal.descriptor) {
            case .readable:
                do {
                    let received = try socket.receiveAvailable(into: input.buffer.freeSpace())
                    input.buffer.commit(received)
                } catch {
                    return false
                }
            case .timedOut, .stopped:
                return false
            }
        }
        return true
    }

    private func serveRequest() -> Next {
        let started = ContinuousClock.now
        input.resetCount()
        var method = ""
        var target = ""
        runtime.registry.mark(socket.descriptor, .receiving)
        do {
            let head = try readHead()
            method = head.method
            target = head.target
            let framing = try BodyFraming(head: head, maxBodyBytes: configuration.maxBodyBytes)
            let continues = try expectsContinue(head)
            var request = HTTPRequest(
                method: head.method, target: head.target, version: head.version.text, headers: head.headers,
                body: Data(), remoteAddress: remoteAddress)
            if framing != .none, let screen = runtime.screen, let refusal = screen(request) {
                runtime.registry.mark(socket.descriptor, .responding)
                let exchange = ResponseWriter.Exchange(isHead: head.isHead, version: head.version, keepAlive: false)
                let written = try writer.write(refusal, for: exchange, to: socket)
                report(method, target, status: refusal.status, responseBytes: written, since: started)
                return .closeAfterResponse
            }
            let invites = continues && framing != .none && input.buffer.isEmpty
            let stream = try readBody(framing, of: &request, inviting: invites)
            runtime.registry.mark(socket.descriptor, .responding)
            let response = runtime.handler(request)
            if let failure = stream?.failure { throw failure }
            if let disruption = response.disruption {
                let exchange = ResponseWriter.Exchange(isHead: head.isHead, version: head.version, keepAlive: false)
                let written = try disrupt(response, disruption, for: exchange)
                report(method, target, status: response.status, responseBytes: written, since: started)
                return disruption == .reset ? .abort : .closeAfterResponse
            }
            let keepAlive =
                head.wantsKeepAlive && !runtime.isStopping && !Self.asksToClose(response) && stream?.isComplete != false
            let exchange = ResponseWriter.Exchange(isHead: head.isHead, version: head.version, keepAlive: keepAlive)
            let written = try writer.write(response, for: exchange, to: socket)
            report(method, target, status: response.status, responseBytes: written, since: started)
            return keepAlive ? .keepOpen : .closeAfterResponse
        } catch let error as HTTPProtocolError {
            let response = runtime.errorResponder(error.status, error.message)
            let exchange = ResponseWriter.Exchange(isHead: method == "HEAD", version: .http11, keepAlive: false)
            do {
                let written = try writer.write(response, for: exchange, to: socket)
                report(method, target, status: error.status, responseBytes: written, since: started)
                return .closeAfterResponse
            } catch {
                return .abort
            }
        } catch {
            return .abort
        }
    }

    /// Reads the body into `request.body`, or, when the handler streams it, leaves it unread behind
    /// `request.bodyStream` (returned). Only a streamed body may be longer than `maxBufferedBodyBytes`.
    private func readBody(_ framing: BodyFraming, of request: inout HTTPRequest, inviting: Bool) throws
        -> HTTPBodyStream?
    {
        let buffered = min(configuration.maxBodyBytes, configuration.maxBufferedBodyBytes)
        if case .length(let length) = framing, runtime.streamsBody?(request) == true {
            input.requireAverageRate(
                bytesPerSecond: configuration.minimumBodyBytesPerSecond, graceMilliseconds: readTimeoutMilliseconds)
            let stream = HTTPBodyStream(
                length: length, input: input, stallMilliseconds: readTimeoutMilliseconds,
                sendContinue: inviting ? { [socket, writer] in try writer.writeContinue(to: socket) } : nil)
            request.bodyStream = stream
            return stream
        }
        if case .length(let length) = framing, length > buffered { throw HTTPProtocolError.bodyTooLarge }
        if inviting { try writer.writeContinue(to: socket) }
        let reader = RequestBodyReader(
            input: input, maxBodyBytes: buffered, maxTrailerBytes: configuration.maxHeaderBytes,
            maxTrailerCount: configuration.maxHeaderCount, stallMilliseconds: readTimeoutMilliseconds,
            minimumBytesPerSecond: configuration.minimumBodyBytesPerSecond)
        request.body = try reader.read(framing)
        return nil
    }

    /// The longest stall a response may ask for: a fault never holds a connection longer than this.
    private static let longestStall: Double = 60

    /// Sends `response` cut short as `disruption` says; returns the bytes sent. A break or reset leaves the
    /// socket set to reset when it is closed.
    private func disrupt(
        _ response: HTTPResponse, _ disruption: HTTPResponse.Disruption, for exchange: ResponseWriter.Exchange
    ) throws -> Int {
        var response = response
        if let file = response.file {
            response.body = (try? file.load()) ?? Data()
            response.file = nil
        }
        let bytes = writer.serialize(response, for: exchange)
        let headCount = max(0, bytes.count - (exchange.isHead ? 0 : response.body.count))
        switch disruption {
        case .reset:
            socket.resetOnClose()
            return 0
        case .breakAfter(let bodyBytes):
            let sent = min(headCount + max(bodyBytes, 0), bytes.count)
            try bytes.withUnsafeBytes { try socket.send(UnsafeRawBufferPointer(rebasing: $0[..<sent])) }
            socket.resetOnClose()
            return sent
        case .stall(let seconds, let afterBodyBytes):
            let split = min(headCount + max(afterBodyBytes, 0), bytes.count)
            try bytes.withUnsafeBytes { try socket.send(UnsafeRawBufferPointer(rebasing: $0[..<split])) }
            let pause = min(max(seconds, 0), Self.longestStall)
            if runtime.stopSignal.wait(milliseconds: Int(pause * 1000)) { return split }
            try bytes.withUnsafeBytes { try socket.send(UnsafeRawBufferPointer(rebasing: $0[split...])) }
            return bytes.count
        }
    }

    /// Reads the request line and headers; they must all arrive within the read timeout.
    private func readHead() throws -> RequestHead {
        var parser = RequestHeadParser(limits: limits)
        let deadline = MonotonicClock.milliseconds() + readTimeoutMilliseconds
        while true {
            if let head = try parser.parse(input.buffer) { return head }
            _ = try input.fill(until: deadline)
        }
    }

    /// Whether the client waits for `100 Continue`; any expectation but `100-continue` is refused with 417.
    private func expectsContinue(_ head: RequestHead) throws -> Bool {
        guard !head.expectations.isEmpty else { return false }
        let expectations = head.expectations.flatMap { $0.split(separator: ",") }.map { $0.trimmingASCIIWhitespace }
        guard !expectations.isEmpty, expectations.allSatisfy({ HTTPHeaders.namesMatch(String($0), "100-continue") })
        else {
            throw HTTPProtocolError(status: 417, message: "Only the expectation 100-continue is supported.")
        }
        return head.version == .http11
    }

    private static func asksToClose(_ response: HTTPResponse) -> Bool {
        response.headers.values(for: "Connection").contains { value in
            value.split(separator: ",").contains { HTTPHeaders.namesMatch(String($0.trimmingASCIIWhitespace), "close") }
        }
    }

    private func report(
        _ method: String, _ target: String, status: Int, responseBytes: Int, since started: ContinuousClock.Instant
    ) {
        guard let log = runtime.log else { return }
        log(
            HTTPRequestLog(
                method: method, target: target, status: status, requestBytes: input.receivedBytes - input.buffer.count,
                responseBytes: responseBytes, duration: ContinuousClock.now - started, remoteAddress: remoteAddress))
    }
}

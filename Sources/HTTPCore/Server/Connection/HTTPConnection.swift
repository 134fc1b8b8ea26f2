import Foundation
import Primitives

/// One accepted connection: its socket, the bytes it has received and the writer of its responses.
///
/// An event loop holds it while it waits for a request, and answers there the requests it can answer without
/// waiting (`serveReady()`). Anything else is handed to a thread of the runtime (`serve(_:)`), which receives
/// bodies, calls handlers that may block and waits for room to write, then gives the connection back.
///
/// Unchecked Sendable: its input, its writer and a head half received are the state of whoever holds it, and
/// one of them holds it at a time. It passes between them through the loop's inbox and a thread's mailbox (each
/// behind a mutex) or a new thread's start, each a hand-over after which the giver no longer touches it, so
/// every touch of that state happens after the last one before it.
final class HTTPConnection: @unchecked Sendable {
    let socket: ConnectionSocket
    /// What the connection is doing, for the registry.
    let activity: ConnectionActivity
    private let runtime: ServerRuntime
    private let configuration: HTTPServerConfiguration
    private let input: ConnectionInput
    private let remoteAddress: String
    private var writer: ResponseWriter
    private let readTimeoutMilliseconds: Int
    private let limits: RequestHeadParser.Limits
    /// A head the event loop began to parse but did not receive whole.
    private var partialHead: RequestHeadParser?

    /// The most requests one connection gets answered on an event loop before the loop turns to others.
    private static let requestsPerTurn = 16

    init(socket: ConnectionSocket, activity: ConnectionActivity, remoteAddress: String, runtime: ServerRuntime) {
        let configuration = runtime.configuration
        self.runtime = runtime
        self.configuration = configuration
        self.socket = socket
        self.activity = activity
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

    /// A response on its way: what its framing and the access log need to know of the request it answers.
    struct Answer {
        var method: String
        var target: String
        var status: Int
        var started: ContinuousClock.Instant
        var exchange: ResponseWriter.Exchange
        /// The handler's `HTTPResponse.logNote`.
        var note: String? = nil
    }

    /// Where a thread takes over from the event loop.
    enum Continuation {
        /// Receive and answer a request: its head parsed already, or not received whole yet (nil). `started`: when
        /// the loop began it (its bytes are counted from there); nil for a request the loop has not begun.
        case request(RequestHead?, plan: (any HTTPRequestPlan)?, started: ContinuousClock.Instant?)
        /// Refuse a request whose head the event loop could not accept.
        case refuse(HTTPProtocolError, started: ContinuousClock.Instant)
        /// Send an answer that needs a thread (`HTTPResponse.needsThread`).
        case deliver(HTTPResponse, Answer)
        /// Send the rest of a response the socket did not take at once, then go on as its framing says.
        case finish(OutgoingMessage, Answer)
        /// Close after a response that said so, letting the peer read it first.
        case close
    }

    /// What an event loop does with the connection after `serveReady()`.
    enum LoopStep {
        /// Keep it, waiting for the next request.
        case wait
        /// Keep it, and serve it again before waiting: it has requests buffered still.
        case again
        /// Hand it to a thread, which goes on from there.
        case handOff(Continuation)
        /// Close it: the peer left, or a write failed.
        case end
    }

    // MARK: On an event loop

    /// Receives what has arrived and answers the complete requests that need no waiting, up to
    /// `requestsPerTurn`; says what the loop should do next. Never blocks.
    func serveReady() -> LoopStep {
        do {
            _ = try input.receiveAvailable()
        } catch {
            return input.buffer.isEmpty ? .end : .handOff(.request(nil, plan: nil, started: nil))
        }
        for _ in 0..<Self.requestsPerTurn {
            guard !input.buffer.isEmpty else { return .wait }
            if let step = answerAtOnce() { return step }
        }
        return input.buffer.isEmpty ? .wait : .again
    }

    /// Answers the next buffered request on the loop, or says where a thread must take over (nil: answered, and
    /// the connection stays open).
    private func answerAtOnce() -> LoopStep? {
        let started = ContinuousClock.now
        input.resetCount()
        var parser = RequestHeadParser(limits: limits)
        let head: RequestHead
        do {
            guard let parsed = try parser.parse(input.buffer) else {
                partialHead = parser
                return .handOff(.request(nil, plan: nil, started: started))
            }
            head = parsed
        } catch let error as HTTPProtocolError {
            return .handOff(.refuse(error, started: started))
        } catch {
            return .end
        }
        let request = HTTPRequest(
            method: head.method, target: head.target, version: head.version.text, headers: head.headers,
            body: Data(), remoteAddress: remoteAddress)
        let bodiless = (try? BodyFraming(head: head, maxBodyBytes: configuration.maxBodyBytes)) == BodyFraming.none
        let plan = runtime.planner(request)
        guard head.expectations.isEmpty, bodiless, plan.answersOnLoop else {
            // Its head is in: until a thread takes it, the request is no slow client's to be evicted as one.
            activity.mark(bodiless ? .responding : .receivingBody)
            return .handOff(.request(head, plan: plan, started: started))
        }
        activity.mark(.responding)
        let response = plan.respond(to: request)
        let answer = Answer(
            method: head.method, target: head.target, status: response.status, started: started,
            exchange: .init(isHead: head.isHead, version: head.version, keepAlive: keepsAlive(head, after: response)),
            note: response.logNote)
        if response.needsThread { return .handOff(.deliver(response, answer)) }
        do {
            var outgoing = try writer.prepare(response, for: answer.exchange)
            guard try outgoing.send(on: socket, waiting: false) else { return .handOff(.finish(outgoing, answer)) }
            report(answer, responseBytes: outgoing.byteCount)
        } catch {
            return .end
        }
        guard answer.exchange.keepAlive else { return .handOff(.close) }
        activity.mark(.idle)
        return nil
    }

    // MARK: On a thread

    /// Goes on from where the event loop handed over, and serves the requests buffered after it. True: the
    /// connection waits for its next request, back on an event loop; false: it is closed and gone.
    func serve(_ continuation: Continuation) -> Bool {
        var next: Next
        switch continuation {
        case .request(let head, let plan, let started):
            next = serveRequest(head, plan: plan, started: started)
        case .refuse(let error, let started):
            next = refuse(error, method: "", target: "", started: started)
        case .deliver(let response, let answer):
            next = deliver(response, answer)
        case .finish(var outgoing, let answer):
            next = finish(&outgoing, answer)
        case .close:
            next = .closeAfterResponse
        }
        while next == .keepOpen, !input.buffer.isEmpty, !runtime.isStopping {
            next = serveRequest(nil, plan: nil, started: nil)
        }
        if next == .keepOpen, !runtime.isStopping {
            activity.mark(.idle)
            return true
        }
        if next == .closeAfterResponse, !runtime.isStopping {
            socket.shutdownWrite()
            socket.drain(limit: 1 << 20, timeoutMilliseconds: 1000, stopDescriptor: runtime.stopSignal.descriptor)
        }
        runtime.connectionEnded(socket)
        return false
    }

    /// Receives and answers one request: `prefetched` is its head when the event loop parsed it already (and
    /// `planned` its plan), and `started` when the loop began it (its bytes are counted from there).
    private func serveRequest(
        _ prefetched: RequestHead?, plan planned: (any HTTPRequestPlan)?, started: ContinuousClock.Instant?
    ) -> Next {
        let started =
            started
            ?? {
                input.resetCount()
                return ContinuousClock.now
            }()
        var method = prefetched?.method ?? ""
        var target = prefetched?.target ?? ""
        if prefetched == nil { activity.mark(.receiving) }
        do {
            let head = try prefetched ?? readHead()
            method = head.method
            target = head.target
            let framing = try BodyFraming(head: head, maxBodyBytes: configuration.maxBodyBytes)
            if framing != .none { activity.mark(.receivingBody) }
            let continues = try expectsContinue(head)
            var request = HTTPRequest(
                method: head.method, target: head.target, version: head.version.text, headers: head.headers,
                body: Data(), remoteAddress: remoteAddress)
            let plan = planned ?? runtime.planner(request)
            if framing != .none, let refusal = plan.refusal(request) {
                activity.mark(.responding)
                let answer = Answer(
                    method: method, target: target, status: refusal.status, started: started,
                    exchange: .init(isHead: head.isHead, version: head.version, keepAlive: false),
                    note: refusal.logNote)
                report(answer, responseBytes: try writer.write(refusal, for: answer.exchange, to: socket))
                return .closeAfterResponse
            }
            let invites = continues && framing != .none && input.buffer.isEmpty
            let reservation = BodyReservation(budget: runtime.bodyBudget)
            defer { reservation.release() }
            let stream = try readBody(
                framing, of: &request, plan: plan, inviting: invites, reservation: reservation)
            activity.mark(.responding)
            let response = plan.respond(to: request)
            request.body = Data()
            reservation.release()
            if let failure = stream?.failure { throw failure }
            let answer = Answer(
                method: method, target: target, status: response.status, started: started,
                exchange: .init(
                    isHead: head.isHead, version: head.version,
                    keepAlive: keepsAlive(head, after: response) && stream?.isComplete != false
                        && !(response.producer?.isChunked == true && head.version != .http11 && !head.isHead)),
                note: response.logNote)
            if response.needsThread { return deliver(response, answer) }
            var outgoing = try writer.prepare(response, for: answer.exchange)
            return finish(&outgoing, answer)
        } catch let error as HTTPProtocolError {
            return refuse(error, method: method, target: target, started: started)
        } catch {
            return .abort
        }
    }

    /// Sends what is left of `outgoing`, waiting for room, and logs the exchange.
    private func finish(_ outgoing: inout OutgoingMessage, _ answer: Answer) -> Next {
        do {
            _ = try outgoing.send(on: socket, waiting: true)
        } catch {
            return .abort
        }
        report(answer, responseBytes: outgoing.byteCount)
        return answer.exchange.keepAlive ? .keepOpen : .closeAfterResponse
    }

    /// Answers a request the core refuses, then closes.
    private func refuse(_ error: HTTPProtocolError, method: String, target: String, started: ContinuousClock.Instant)
        -> Next
    {
        let response = runtime.errorResponder(error.status, error.message)
        let answer = Answer(
            method: method, target: target, status: error.status, started: started,
            exchange: .init(isHead: method == "HEAD", version: .http11, keepAlive: false))
        do {
            report(answer, responseBytes: try writer.write(response, for: answer.exchange, to: socket))
            return .closeAfterResponse
        } catch {
            return .abort
        }
    }

    private func keepsAlive(_ head: RequestHead, after response: HTTPResponse) -> Bool {
        head.wantsKeepAlive && !runtime.isStopping && !Self.asksToClose(response)
    }

    /// Reads the body into `request.body`, or, when the plan streams it, leaves it unread behind
    /// `request.bodyStream` (returned). Only a streamed body may be longer than `maxBufferedBodyBytes` (or the
    /// route's own limit); a body read whole takes its storage from the server's body budget.
    private func readBody(
        _ framing: BodyFraming, of request: inout HTTPRequest, plan: any HTTPRequestPlan, inviting: Bool,
        reservation: BodyReservation
    ) throws -> HTTPBodyStream? {
        var buffered = min(configuration.maxBodyBytes, configuration.maxBufferedBodyBytes)
        if case .length(let length) = framing, plan.streamsBody(request) {
            input.requireAverageRate(
                bytesPerSecond: configuration.minimumBodyBytesPerSecond, graceMilliseconds: readTimeoutMilliseconds)
            let stream = HTTPBodyStream(
                length: length, input: input, stallMilliseconds: readTimeoutMilliseconds,
                sendContinue: inviting ? { [socket, writer] in try writer.writeContinue(to: socket) } : nil)
            request.bodyStream = stream
            return stream
        }
        if framing != .none, let routeLimit = plan.bufferedBodyLimit(request) {
            buffered = min(buffered, max(0, routeLimit))
        }
        if case .length(let length) = framing, length > buffered { throw HTTPProtocolError.bodyTooLarge }
        if case .length(let length) = framing, length > configuration.bodyBudgetBytes {
            throw HTTPProtocolError.bodyTooLarge
        }
        if inviting { try writer.writeContinue(to: socket) }
        let reader = RequestBodyReader(
            input: input, maxBodyBytes: buffered, maxTrailerBytes: configuration.maxHeaderBytes,
            maxTrailerCount: configuration.maxHeaderCount, stallMilliseconds: readTimeoutMilliseconds,
            minimumBytesPerSecond: configuration.minimumBodyBytesPerSecond, reserve: reservation.reserve)
        request.body = try reader.read(framing)
        return nil
    }

    /// Sends an answer that needs this thread: none at all (the connection is reset), or a head and a body a
    /// producer writes. A producer that fails or falls short of its length after the head went out ends the
    /// connection there in order, so the bytes it sent arrive and the client sees the answer cut short; a
    /// failure before that resets it.
    private func deliver(_ response: HTTPResponse, _ answer: Answer) -> Next {
        guard !response.resetsConnection else {
            socket.resetOnClose()
            report(answer, responseBytes: 0)
            return .abort
        }
        var sent = 0
        var producing = false
        do {
            let chunked = response.producer?.isChunked == true && answer.exchange.version == .http11
            let sink = HTTPBodySink(socket: socket, stopSignal: runtime.stopSignal, chunked: chunked)
            try response.producer?.prepare(sink)
            var outgoing = try writer.prepare(response, for: answer.exchange)
            _ = try outgoing.send(on: socket, waiting: true)
            sent = outgoing.byteCount
            if let producer = response.producer, response.allowsBody, !answer.exchange.isHead {
                defer { sent += Int(clamping: sink.bytesSent) }
                producing = true
                try producer.produce(into: sink)
                if producer.isChunked {
                    try sink.finishChunks()
                } else {
                    guard sink.bytesSent == producer.length else { throw ProducerFellShort() }
                }
            }
        } catch {
            report(answer, responseBytes: sent)
            if producing, !(error is ConnectionError) { return .closeAfterResponse }
            socket.resetOnClose()
            return .abort
        }
        report(answer, responseBytes: sent)
        return answer.exchange.keepAlive ? .keepOpen : .closeAfterResponse
    }

    /// Reads the request line and headers (going on with a head the event loop began); they must all arrive
    /// within the read timeout.
    private func readHead() throws -> RequestHead {
        var parser = partialHead ?? RequestHeadParser(limits: limits)
        partialHead = nil
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

    private func report(_ answer: Answer, responseBytes: Int) {
        guard let log = runtime.log else { return }
        log(
            HTTPRequestLog(
                method: answer.method, target: answer.target, status: answer.status,
                requestBytes: input.receivedBytes - input.buffer.count, responseBytes: responseBytes,
                duration: ContinuousClock.now - answer.started, remoteAddress: remoteAddress, note: answer.note))
    }
}

/// A body producer that wrote fewer bytes than its length.
private struct ProducerFellShort: Error {}

import Primitives

/// A response body written piece by piece on a connection's own thread, for answers that cannot be a buffer or a
/// file region sent whole: one that waits between pieces, or ends early. The server sends the head with
/// `Content-Length: length`, then calls `produce`; when it throws, or writes fewer than `length` bytes, the
/// connection ends there (in order, so every byte written arrives), and the client sees an answer cut short.
///
/// A chunked producer's length is not known before it is done: its answer goes out with
/// `Transfer-Encoding: chunked` (to an HTTP/1.0 client: until the connection closes) and `length` is not read.
public protocol HTTPBodyProducer: Sendable {
    var length: Int64 { get }
    /// Whether the body's length is unknown until it is produced. False by default.
    var isChunked: Bool { get }
    /// Called before the head is sent: a producer may pause here (an answer that comes late), or throw to reset
    /// the connection unanswered. Nothing by default.
    func prepare(_ sink: HTTPBodySink) throws
    func produce(into sink: HTTPBodySink) throws
}

extension HTTPBodyProducer {
    public var isChunked: Bool { false }
    public func prepare(_ sink: HTTPBodySink) throws {}
}

/// Where a producer writes: the connection's socket, with every wait bounded by its write timeout, and a pause
/// that ends early when the server stops.
public struct HTTPBodySink {
    let socket: ConnectionSocket
    let stopSignal: StopSignal
    private let sent: Counter
    /// Whether each write goes out as one chunk of a chunked body.
    let chunked: Bool

    final class Counter {
        var bytes: Int64 = 0
    }

    init(socket: ConnectionSocket, stopSignal: StopSignal, chunked: Bool = false) {
        self.socket = socket
        self.stopSignal = stopSignal
        self.chunked = chunked
        sent = Counter()
    }

    /// How many body bytes went out so far.
    public var bytesSent: Int64 { sent.bytes }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        guard !bytes.isEmpty else { return }
        if chunked { try sendText(String(bytes.count, radix: 16) + "\r\n") }
        try socket.send(bytes)
        if chunked { try sendText("\r\n") }
        sent.bytes += Int64(bytes.count)
    }

    /// Sends a run of a file without reading it into memory.
    public func write(_ region: FileRegion) throws {
        guard region.length > 0 else { return }
        if chunked { try sendText(String(region.length, radix: 16) + "\r\n") }
        var message = OutgoingMessage(head: [], file: region)
        _ = try message.send(on: socket, waiting: true)
        if chunked { try sendText("\r\n") }
        sent.bytes += region.length
    }

    /// Ends a chunked body (the last chunk, no trailers).
    func finishChunks() throws {
        if chunked { try sendText("0\r\n\r\n") }
    }

    private func sendText(_ text: String) throws {
        try Array(text.utf8).withUnsafeBytes { try socket.send($0) }
    }

    /// Waits `milliseconds`; false when the server began stopping meanwhile (the producer should end).
    public func pause(milliseconds: Int) -> Bool {
        !stopSignal.wait(milliseconds: milliseconds)
    }
}

import Primitives

/// A response body written piece by piece on a connection's own thread, for answers that cannot be a buffer or a
/// file region sent whole: one that waits between pieces, or ends early. The server sends the head with
/// `Content-Length: length`, then calls `produce`; when it throws, or writes fewer than `length` bytes, the
/// connection ends there (in order, so every byte written arrives), and the client sees an answer cut short.
public protocol HTTPBodyProducer: Sendable {
    var length: Int64 { get }
    /// Called before the head is sent: a producer may pause here (an answer that comes late), or throw to reset
    /// the connection unanswered. Nothing by default.
    func prepare(_ sink: HTTPBodySink) throws
    func produce(into sink: HTTPBodySink) throws
}

extension HTTPBodyProducer {
    public func prepare(_ sink: HTTPBodySink) throws {}
}

/// Where a producer writes: the connection's socket, with every wait bounded by its write timeout, and a pause
/// that ends early when the server stops.
public struct HTTPBodySink {
    let socket: ConnectionSocket
    let stopSignal: StopSignal
    private let sent: Counter

    final class Counter {
        var bytes: Int64 = 0
    }

    init(socket: ConnectionSocket, stopSignal: StopSignal) {
        self.socket = socket
        self.stopSignal = stopSignal
        sent = Counter()
    }

    /// How many body bytes went out so far.
    public var bytesSent: Int64 { sent.bytes }

    public func write(_ bytes: UnsafeRawBufferPointer) throws {
        try socket.send(bytes)
        sent.bytes += Int64(bytes.count)
    }

    /// Sends a run of a file without reading it into memory.
    public func write(_ region: FileRegion) throws {
        var message = OutgoingMessage(head: [], file: region)
        _ = try message.send(on: socket, waiting: true)
        sent.bytes += region.length
    }

    /// Waits `milliseconds`; false when the server began stopping meanwhile (the producer should end).
    public func pause(milliseconds: Int) -> Bool {
        !stopSignal.wait(milliseconds: milliseconds)
    }
}

import Foundation

/// A request body the server left unread for its handler (`HTTPRequest.bodyStream`), pulled as it arrives.
///
/// It is read on the connection's thread, during the handler's call, with every wait bounded as for a body the
/// server reads itself. `100 Continue`, when the client waits for it, goes out with the first read, so a
/// handler that refuses the request without reading never invites the body. When the body cannot be read,
/// the server answers that failure (or drops a connection whose peer went away), whatever the handler returns.
///
/// Not `Sendable`, nor is the `HTTPRequest` that carries it: it reads the connection's own input, which the
/// connection takes back once the handler returns, so it is the handler's to read on its own thread, while it
/// runs, and the compiler keeps it there.
public final class HTTPBodyStream {
    /// The body's length (`Content-Length`).
    public let length: Int
    private let input: ConnectionInput
    private let stallMilliseconds: Int
    private var sendContinue: (() throws -> Void)?
    /// The bytes read so far.
    public private(set) var received = 0
    /// Why the body could not be read, once it could not.
    private(set) var failure: (any Error)?

    init(length: Int, input: ConnectionInput, stallMilliseconds: Int, sendContinue: (() throws -> Void)?) {
        self.length = length
        self.input = input
        self.stallMilliseconds = stallMilliseconds
        self.sendContinue = sendContinue
    }

    /// Fills `buffer` with the next bytes, or as many as are left; returns how many (0 at the end).
    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        if let failure { throw failure }
        let count = min(buffer.count, length - received)
        guard count > 0 else { return 0 }
        do {
            if let invite = sendContinue {
                sendContinue = nil
                try invite()
            }
            try input.read(
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<count]), stallMilliseconds: stallMilliseconds)
        } catch {
            failure = error
            throw error
        }
        received += count
        return count
    }

    /// Runs `body` with a stream of the next `count` bytes (or fewer, when fewer are left), then counts what it
    /// read as read here: a handler can take the start of the body as if it were all of it.
    public func withPrefix<Result>(_ count: Int, _ body: (HTTPBodyStream) throws -> Result) rethrows -> Result {
        let prefix = HTTPBodyStream(
            length: min(max(count, 0), length - received), input: input, stallMilliseconds: stallMilliseconds,
            sendContinue: sendContinue)
        prefix.failure = failure
        defer {
            received += prefix.received
            failure = failure ?? prefix.failure
            if prefix.sendContinue == nil { sendContinue = nil }
        }
        return try body(prefix)
    }

    /// Reads and drops what is left of the body, a block at a time, so that the connection can carry the next
    /// request; stops at the first failure (kept in `failure`).
    public func discardRest() {
        let block = UnsafeMutableRawBufferPointer.allocate(byteCount: 64 * 1024, alignment: 16)
        defer { block.deallocate() }
        while !isComplete, failure == nil {
            guard (try? read(into: block)) ?? 0 > 0 else { return }
        }
    }

    /// Whether every byte was read: otherwise the connection cannot carry another request.
    public var isComplete: Bool { received == length }

    /// The failure as the message a handler passes on.
    package static func describe(_ error: any Error) -> (status: Int, message: String) {
        if let problem = error as? HTTPProtocolError { return (problem.status, problem.message) }
        return (400, "The request body did not arrive whole: the connection failed.")
    }
}

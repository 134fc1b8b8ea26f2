import Foundation

/// A request body the server left unread for its handler (`HTTPRequest.bodyStream`), pulled as it arrives.
///
/// It is read on the connection's thread, during the handler's call, with every wait bounded as for a body the
/// server reads itself. `100 Continue`, when the client waits for it, goes out with the first read, so a
/// handler that refuses the request without reading never invites the body. When the body cannot be read,
/// the server answers that failure (or drops a connection whose peer went away), whatever the handler returns.
public final class HTTPBodyStream: @unchecked Sendable {
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

    /// Whether every byte was read: otherwise the connection cannot carry another request.
    public var isComplete: Bool { received == length }

    /// The failure as the message a handler passes on.
    package static func describe(_ error: any Error) -> (status: Int, message: String) {
        if let problem = error as? HTTPProtocolError { return (problem.status, problem.message) }
        return (400, "The request body did not arrive whole: the connection failed.")
    }
}

import Primitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Buffered reading from a connection, where every wait is bounded and reported as `HTTPProtocolError`
/// (408 on a stall) or `ConnectionError` (the peer went away).
final class ConnectionInput {
    let socket: ConnectionSocket
    let buffer: ReceiveBuffer
    /// Bytes received since the last `resetCount()`, for the access log.
    private(set) var receivedBytes = 0
    /// While a body arrives: when it started (monotonic milliseconds), the bytes counted then, and the slowest
    /// average rate allowed. A body may take `grace` plus one second per `bytesPerSecond` received.
    private var pace: (start: Int, startBytes: Int, bytesPerSecond: Int, grace: Int)?

    init(socket: ConnectionSocket, buffer: ReceiveBuffer) {
        self.socket = socket
        self.buffer = buffer
    }

    /// Starts counting the bytes of a new request; bytes already buffered belong to it.
    func resetCount() {
        receivedBytes = buffer.count
        pace = nil
    }

    /// From now on, the request must keep arriving at `bytesPerSecond` on average after the first
    /// `graceMilliseconds`, else 408: a client that trickles a body cannot hold a connection for ever.
    func requireAverageRate(bytesPerSecond: Int, graceMilliseconds: Int) {
        pace = (MonotonicClock.milliseconds(), receivedBytes, max(1, bytesPerSecond), graceMilliseconds)
    }

    /// How long the next wait may last: `limit`, or less when the required average rate runs out sooner.
    private func waitLimit(_ limit: Int) throws -> Int {
        guard let pace else { return limit }
        let allowed = pace.grace + (receivedBytes - pace.startBytes) * 1000 / pace.bytesPerSecond
        let left = pace.start + allowed - MonotonicClock.milliseconds()
        guard left > 0 else {
            throw HTTPProtocolError(
                status: 408,
                message: "The request body arrives too slowly (under \(pace.bytesPerSecond) bytes a second).")
        }
        return min(limit, left)
    }

    /// Takes in whatever has arrived, without waiting; returns how many bytes. Throws when the peer closed the
    /// connection or it failed.
    func receiveAvailable() throws(ConnectionError) -> Int {
        let received = try socket.receiveAvailable(into: buffer.freeSpace())
        buffer.commit(received)
        receivedBytes += received
        return received
    }

    /// Receives more bytes into the buffer, waiting until `deadline` (monotonic milliseconds) at most.
    func fill(until deadline: Int) throws -> Int {
        let space = buffer.freeSpace()
        guard space.count > 0 else {
            throw HTTPProtocolError(status: 431, message: "Request header fields too large.")
        }
        while true {
            let remaining = try waitLimit(deadline - MonotonicClock.milliseconds())
            guard remaining > 0 else { throw HTTPProtocolError.requestTimeout }
            let received: Int
            do {
                received = try socket.receive(into: space, timeoutMilliseconds: Int32(clamping: remaining))
            } catch .timedOut {
                throw HTTPProtocolError.requestTimeout
            }
            if received > 0 {
                buffer.commit(received)
                receivedBytes += received
                return received
            }
        }
    }

    /// Fills `destination` completely: buffered bytes first, then straight from the socket, allowing each
    /// wait for more at most `stallMilliseconds`.
    func read(into destination: UnsafeMutableRawBufferPointer, stallMilliseconds: Int) throws {
        var filled = buffer.take(into: destination)
        while filled < destination.count {
            let rest = UnsafeMutableRawBufferPointer(rebasing: destination[filled...])
            var received = 0
            let limit = try waitLimit(stallMilliseconds)
            do {
                received = try socket.receive(into: rest, timeoutMilliseconds: Int32(clamping: limit))
            } catch .timedOut {
                _ = try waitLimit(stallMilliseconds)  // a wait cut short by the rate says so in its 408
                throw HTTPProtocolError.requestTimeout
            }
            filled += received
            receivedBytes += received
        }
    }

    /// Calls `body` with the next line (without its CRLF or bare LF), then consumes it.
    /// A line longer than `limit` bytes throws `tooLong`; each wait is bounded by `stallMilliseconds`.
    func withLine<Result>(
        limit: Int, tooLong: HTTPProtocolError, stallMilliseconds: Int,
        _ body: (UnsafeRawBufferPointer) throws -> Result
    ) throws -> Result {
        var searched = 0
        while true {
            let bytes = buffer.bytes
            if bytes.count > searched, let base = bytes.baseAddress,
                let found = memchr(base + searched, Int32(ASCII.lf), bytes.count - searched)
            {
                let lineFeed = base.distance(to: UnsafeRawPointer(found))
                var length = lineFeed
                if length > 0, bytes[length - 1] == ASCII.cr { length -= 1 }
                guard length <= limit else { throw tooLong }
                let result = try body(UnsafeRawBufferPointer(rebasing: bytes[0..<length]))
                buffer.consume(lineFeed + 1)
                return result
            }
            searched = bytes.count
            if searched > limit + 1 { throw tooLong }
            _ = try fill(until: MonotonicClock.milliseconds() + stallMilliseconds)
        }
    }
}

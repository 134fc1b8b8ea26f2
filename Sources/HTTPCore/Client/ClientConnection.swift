import Foundation

/// One keep-alive HTTP/1.1 connection of the client: writes a request, reads the answer's head and body
/// (Content-Length, chunked, or up to the end of the stream), and tells whether it can be used again.
///
/// Every wait is a `poll()` bounded by the timeout, so a silent server costs no CPU and never holds the
/// caller longer than the timeout without progress.
/// A connection is used by one exchange at a time: the pool hands an idle one to exactly one caller.
final class ClientConnection {
    /// What went wrong on the wire, before it is put in the words of an `HTTPClientError`.
    enum Failure: Error {
        /// Nothing usable arrived: the peer closed or reset, or a read or write failed.
        case lost(String, receivedNothing: Bool)
        case timedOut
        case malformed(String)
        /// The connection ended partway through a body of known length: the head and the bytes that arrived.
        case cut(String, ResponseHead, Data)
    }

    let socket: ConnectionSocket
    private let timeoutMilliseconds: Int32
    private var buffer: [UInt8] = []
    private var start = 0
    private var scratch = [UInt8](repeating: 0, count: 64 * 1024)
    private(set) var reusable = false
    /// Whether an earlier exchange used this connection (so a failure may be a stale keep-alive).
    private(set) var wasUsed = false

    private static let maximumHeadBytes = 64 * 1024

    init(socket: ConnectionSocket, timeoutMilliseconds: Int32) {
        self.socket = socket
        self.timeoutMilliseconds = timeoutMilliseconds
    }

    deinit { socket.close() }

    /// An idle connection the server has closed (or sent something unasked on) cannot be reused.
    var looksAlive: Bool {
        var entry = pollfd(fd: socket.descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 0) == 0
    }

    /// Sends `head` and `body`, then reads the whole answer. `expectsBody` is false for HEAD.
    func exchange(head: [UInt8], body: Data?, expectsBody: Bool) throws(Failure) -> (ResponseHead, Data) {
        reusable = false
        defer { wasUsed = true }
        var request = OutgoingMessage(head: head, body: body ?? Data())
        do {
            _ = try request.send(on: socket, waiting: true)
        } catch {
            throw Self.failure(error, receivedNothing: true)
        }
        var response = try readHead()
        while (100..<200).contains(response.status) && response.status != 101 {
            response = try readHead()
        }
        let content = try readBody(of: response, expectsBody: expectsBody)
        return (response, content)
    }

    private func readHead() throws(Failure) -> ResponseHead {
        var scanned = start
        while true {
            if let end = Self.blankLine(in: buffer, from: max(start, scanned - 3)) {
                let head = buffer[start..<end.headEnd]
                start = end.bodyStart
                do {
                    return try ResponseHead(parsing: head)
                } catch {
                    throw .malformed(error.reason)
                }
            }
            scanned = buffer.count
            guard buffer.count - start <= Self.maximumHeadBytes else {
                throw .malformed("the answer's head is longer than \(Self.maximumHeadBytes) bytes")
            }
            guard try receiveMore() else {
                if buffer.count == start {
                    throw .lost("the server closed the connection without answering", receivedNothing: true)
                }
                throw .malformed("the answer ended inside its head")
            }
        }
    }

    private func readBody(of response: ResponseHead, expectsBody: Bool) throws(Failure) -> Data {
        let hasNoBody = !expectsBody || response.status == 204 || response.status == 304
        if hasNoBody {
            reusable = response.keepsConnection
            compact()
            return Data()
        }
        if let coding = response.headers["transfer-encoding"] {
            guard coding.lowercased().split(separator: ",").last?.trimmingCharacters(in: .whitespaces) == "chunked"
            else {
                throw .malformed("unsupported Transfer-Encoding \(coding)")
            }
            let body = try readChunked()
            reusable = response.keepsConnection
            return body
        }
        if let lengthText = response.headers["content-length"] {
            guard let length = Int(lengthText.split(separator: ",").first?.trimmingCharacters(in: .whitespaces) ?? ""),
                length >= 0
            else {
                throw .malformed("Content-Length \(lengthText) is not a number")
            }
            let body = try readExactly(length, of: response)
            reusable = response.keepsConnection
            return body
        }
        while try receiveMore() {}
        let body = Data(buffer[start...])
        start = buffer.count
        return body
    }

    /// `count` bytes of body; with `response`, a connection that ends first is `.cut` with what arrived.
    private func readExactly(_ count: Int, of response: ResponseHead? = nil) throws(Failure) -> Data {
        var body = Data()
        body.reserveCapacity(min(count, 8 << 20))
        var remaining = count
        while remaining > 0 {
            if start == buffer.count {
                buffer.removeAll(keepingCapacity: true)
                start = 0
                let more: Bool
                do {
                    more = try receiveMore()
                } catch {
                    guard let response, case .lost(let reason, _) = error else { throw error }
                    throw .cut("\(reason) after \(count - remaining) of \(count) body bytes", response, body)
                }
                guard more else {
                    let reason = "the answer ended after \(count - remaining) of \(count) body bytes"
                    guard let response else { throw .malformed(reason) }
                    throw .cut(reason, response, body)
                }
            }
            let take = min(remaining, buffer.count - start)
            body.append(contentsOf: buffer[start..<(start + take)])
            start += take
            remaining -= take
        }
        compact()
        return body
    }

    private func readChunked() throws(Failure) -> Data {
        var body = Data()
        while true {
            let line = try readLine()
            let sizeText =
                line.split(separator: ";", maxSplits: 1).first.map(String.init)?.trimmingCharacters(in: .whitespaces)
                ?? ""
            guard let size = Int(sizeText, radix: 16), size >= 0 else {
                throw .malformed("a chunk size is not hexadecimal: \(sizeText.prefix(40))")
            }
            if size == 0 {
                while try !readLine().isEmpty {}  // trailer fields
                compact()
                return body
            }
            body.append(try readExactly(size))
            guard try readLine().isEmpty else { throw .malformed("a chunk is longer than its size") }
        }
    }

    private func readLine() throws(Failure) -> String {
        while true {
            if let newline = buffer[start...].firstIndex(of: UInt8(ascii: "\n")) {
                var line = buffer[start..<newline]
                if line.last == UInt8(ascii: "\r") { line = line.dropLast() }
                start = newline + 1
                return String(decoding: line, as: UTF8.self)
            }
            guard buffer.count - start < 4096 else { throw .malformed("a chunk line is too long") }
            guard try receiveMore() else { throw .malformed("the answer ended inside a chunked body") }
        }
    }

    /// Reads what arrives next into the buffer; false at the end of the stream.
    private func receiveMore() throws(Failure) -> Bool {
        while true {
            let received: Result<Int, ConnectionError> = scratch.withUnsafeMutableBytes { space in
                Result { () throws(ConnectionError) in
                    try socket.receive(into: space, timeoutMilliseconds: timeoutMilliseconds)
                }
            }
            switch received {
            case .success(0): continue
            case .success(let count):
                buffer.append(contentsOf: scratch[0..<count])
                return true
            case .failure(.peerClosed): return false
            case .failure(.timedOut): throw .timedOut
            case .failure(.failed(let code)):
                throw .lost(ClientSocket.errorText(code), receivedNothing: buffer.count == start)
            }
        }
    }

    private func compact() {
        if start > 0 {
            buffer.removeFirst(start)
            start = 0
        }
    }

    private static func failure(_ error: ConnectionError, receivedNothing: Bool) -> Failure {
        switch error {
        case .peerClosed: .lost("the server closed the connection", receivedNothing: receivedNothing)
        case .timedOut: .timedOut
        case .failed(let code): .lost(ClientSocket.errorText(code), receivedNothing: receivedNothing)
        }
    }

    /// Where the head ends (before the blank line) and the body starts (after it).
    private static func blankLine(in bytes: [UInt8], from: Int) -> (headEnd: Int, bodyStart: Int)? {
        var index = max(from, 0)
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                if index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "\n") { return (index, index + 2) }
                if index + 2 < bytes.count, bytes[index + 1] == UInt8(ascii: "\r"),
                    bytes[index + 2] == UInt8(ascii: "\n")
                {
                    return (index, index + 3)
                }
            }
            index += 1
        }
        return nil
    }
}

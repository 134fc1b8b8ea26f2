import Foundation
import HTTPCore

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A blocking TCP client that sends exactly the bytes a test gives it and parses responses by hand.
/// Every read gives up after `receiveTimeout`, so a misbehaving server fails a test instead of hanging it.
/// That is a guard, not a verdict: it is long enough (a minute) that a loaded machine never reaches it, and
/// tests decide on what arrives (an answer, an end of stream), never on how soon.
package final class RawClient {
    private let descriptor: Int32
    private var pending: [UInt8] = []
    private var isClosed = false

    package init(port: Int, receiveTimeout: Duration = .seconds(60)) throws {
        descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw ClientError.system("socket", errno) }
        var timeout = timeval(
            tv_sec: Int(receiveTimeout.components.seconds),
            tv_usec: Int(receiveTimeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        setsockopt(descriptor, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = UInt16(port).bigEndian
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard result == 0 else {
            let code = errno
            Glibc.close(descriptor)
            throw ClientError.system("connect", code)
        }
    }

    deinit {
        close()
    }

    package func close() {
        guard !isClosed else { return }
        isClosed = true
        Glibc.close(descriptor)
    }

    package func send(_ text: String) throws {
        try send(Array(text.utf8))
    }

    package func send(_ bytes: [UInt8]) throws {
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress.map { $0 + offset }, bytes.count - offset, Int32(MSG_NOSIGNAL))
            }
            guard written > 0 else { throw ClientError.system("send", errno) }
            offset += written
        }
    }

    /// Reads one response. `bodyless` for answers to HEAD (their Content-Length describes no bytes here).
    package func readResponse(bodyless: Bool = false) throws -> RawResponse {
        let headEnd = try readUntil("\r\n\r\n")
        let headText = String(decoding: pending[..<headEnd], as: UTF8.self)
        pending.removeFirst(headEnd + 4)
        var lines = headText.components(separatedBy: "\r\n")
        let statusLine = lines.removeFirst()
        let parts = statusLine.split(separator: " ", maxSplits: 2, omittingEmptySubsequences: false)
        guard parts.count >= 2, parts[0] == "HTTP/1.1", let status = Int(parts[1]) else {
            throw ClientError.malformed(statusLine)
        }
        var headers = HTTPHeaders()
        for line in lines {
            guard let colon = line.firstIndex(of: ":") else { throw ClientError.malformed(line) }
            headers.add(
                name: String(line[..<colon]),
                value: line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces))
        }
        var body: [UInt8] = []
        if !bodyless, status >= 200, status != 204, status != 304 {
            if headers["Transfer-Encoding"]?.lowercased() == "chunked" {
                body = try readChunks()
            } else if let lengthText = headers["Content-Length"] {
                guard let length = Int(lengthText) else { throw ClientError.malformed(lengthText) }
                try fill(atLeast: length)
                body = Array(pending[..<length])
                pending.removeFirst(length)
            } else {
                body = try readToEnd()
            }
        }
        return RawResponse(
            status: status, reason: parts.count > 2 ? String(parts[2]) : "", headers: headers, body: body)
    }

    /// A chunked body's bytes, its framing and trailers removed.
    private func readChunks() throws -> [UInt8] {
        var body: [UInt8] = []
        while true {
            let lineEnd = try readUntil("\r\n")
            let line = String(decoding: pending[..<lineEnd], as: UTF8.self)
            pending.removeFirst(lineEnd + 2)
            guard let size = Int(line.split(separator: ";").first ?? "", radix: 16) else {
                throw ClientError.malformed(line)
            }
            if size == 0 { break }
            try fill(atLeast: size + 2)
            body += pending[..<size]
            pending.removeFirst(size + 2)
        }
        while try readUntil("\r\n") > 0 {
            pending.removeFirst(try readUntil("\r\n") + 2)
        }
        pending.removeFirst(2)
        return body
    }

    /// Everything until the server closes.
    package func readToEnd() throws -> [UInt8] {
        while try receiveMore() {}
        defer { pending.removeAll() }
        return pending
    }

    /// Whether the server closed the connection (end of stream or reset) with nothing more to read. Waits for
    /// the end of stream; a connection still open when the receive guard runs out is not closed.
    package func serverClosed() -> Bool {
        guard pending.isEmpty else { return false }
        do {
            return try !receiveMore()
        } catch ClientError.system(_, let code) where code == EAGAIN || code == EWOULDBLOCK {
            return false
        } catch {
            return true
        }
    }

    /// Whether a response (or end of stream) is waiting to be read, without blocking.
    package func hasDataAvailable() -> Bool {
        if !pending.isEmpty { return true }
        var descriptorState = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&descriptorState, 1, 0) > 0
    }

    /// Waits until a response (or end of stream) is waiting to be read, up to the receive guard; false if
    /// none came.
    package func waitForData(guard limit: Duration = .seconds(60)) -> Bool {
        if !pending.isEmpty { return true }
        var descriptorState = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(clamping: limit.components.seconds * 1000)
        return poll(&descriptorState, 1, milliseconds) > 0
    }

    package func shutdownWrite() {
        shutdown(descriptor, Int32(SHUT_WR))
    }

    /// Bytes received but not yet consumed by `readResponse`.
    package var unreadBytes: [UInt8] { pending }

    private func readUntil(_ marker: String) throws -> Int {
        let needle = Array(marker.utf8)
        var searchFrom = 0
        while true {
            if pending.count >= needle.count {
                for start in searchFrom...(pending.count - needle.count)
                where pending[start..<(start + needle.count)].elementsEqual(needle) {
                    return start
                }
                searchFrom = pending.count - needle.count + 1
            }
            guard try receiveMore() else { throw ClientError.closedEarly(String(decoding: pending, as: UTF8.self)) }
        }
    }

    private func fill(atLeast count: Int) throws {
        while pending.count < count {
            guard try receiveMore() else {
                throw ClientError.closedEarly("after \(pending.count) of \(count) body bytes")
            }
        }
    }

    /// Receives into `pending`; false at end of stream or reset.
    private func receiveMore() throws -> Bool {
        var chunk = [UInt8](repeating: 0, count: 256 * 1024)
        let count = chunk.withUnsafeMutableBytes { recv(descriptor, $0.baseAddress, $0.count, 0) }
        if count > 0 {
            pending.append(contentsOf: chunk[..<count])
            return true
        }
        if count == 0 || errno == ECONNRESET { return false }
        throw ClientError.system("recv", errno)
    }

    package enum ClientError: Error, CustomStringConvertible {
        case system(String, Int32)
        case malformed(String)
        case closedEarly(String)

        package var description: String {
            switch self {
            case .system(let call, let code): return "\(call) failed with errno \(code)"
            case .malformed(let text): return "malformed response: \(text)"
            case .closedEarly(let context): return "connection closed early: \(context)"
            }
        }
    }
}

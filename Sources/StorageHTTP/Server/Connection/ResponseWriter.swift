import Foundation
import StorageModel
import TextBytes

/// Serializes responses into one reusable head buffer and writes them with as few system calls as possible.
///
/// The writer owns the message framing: it sets `Content-Length` from the body (keeping a handler's own
/// value only for a bodiless HEAD answer), drops handler `Transfer-Encoding` and `Connection` fields,
/// writes `Connection` itself and adds `Date` unless the handler set one. 1xx, 204 and 304 carry no body.
struct ResponseWriter {
    /// Answers the 500 that replaces a response whose headers cannot be written.
    let errorResponder: HTTPErrorResponder

    private var head: [UInt8] = []
    private var dateCache = HTTPDateCache()
    /// Bodies up to this size are copied after the head and sent in one `send`.
    private static let inlineBodyLimit = 32 * 1024

    init(errorResponder: @escaping HTTPErrorResponder) {
        self.errorResponder = errorResponder
        head.reserveCapacity(1024)
    }

    /// What the client asked for that shapes the framing of the response.
    struct Exchange {
        var isHead: Bool
        var version: HTTPVersion
        var keepAlive: Bool
    }

    /// Writes `response`; returns the bytes written. A response whose headers could not be written safely
    /// (a CR, LF or NUL in a value, a name that is not a token) is replaced by a 500.
    mutating func write(_ response: HTTPResponse, for exchange: Exchange, to socket: ConnectionSocket) throws -> Int {
        var response = response
        if let problem = Self.problem(with: response) {
            response = errorResponder(500, problem)
        }
        let status = response.status
        let allowsBody = status >= 200 && status != 204 && status != 304
        let bodyCount = allowsBody ? response.file.map { Int($0.length) } ?? response.body.count : 0
        serializeHead(response, bodyCount: bodyCount, allowsBody: allowsBody, exchange: exchange)
        let sendsBody = allowsBody && !exchange.isHead && bodyCount > 0
        guard sendsBody else {
            try head.withUnsafeBytes { bytes in try socket.send(bytes) }
            return head.count
        }
        if let file = response.file {
            try write(file, to: socket)
            return head.count + bodyCount
        }
        if bodyCount <= Self.inlineBodyLimit {
            response.body.withUnsafeBytes { head.append(contentsOf: $0) }
            try head.withUnsafeBytes { bytes in try socket.send(bytes) }
            return head.count
        }
        try head.withUnsafeBytes { headBytes in
            try response.body.withUnsafeBytes { bodyBytes in
                try socket.send(head: headBytes, body: bodyBytes)
            }
        }
        return head.count + bodyCount
    }

    /// Sends the serialized head, then `file`: a small one read in after the head and sent with it, a large one
    /// with `sendfile`.
    private mutating func write(_ file: FileRegion, to socket: ConnectionSocket) throws {
        let headCount = head.count
        if file.length <= Self.inlineBodyLimit {
            head.append(contentsOf: repeatElement(0, count: Int(file.length)))
            let complete = head.withUnsafeMutableBytes { bytes in
                let tail = UnsafeMutableRawBufferPointer(rebasing: bytes[headCount...])
                return (try? FileRegionReader(file).fill(tail)) == tail.count
            }
            guard complete else { throw ConnectionError.failed(EIO) }
            try head.withUnsafeBytes { bytes in try socket.send(bytes) }
            return
        }
        try head.withUnsafeBytes { bytes in try socket.send(bytes, more: true) }
        try socket.send(file: file.file.descriptor, offset: file.offset, length: file.length)
    }

    /// The complete bytes of `response` (head and body), for a caller that writes them itself.
    mutating func serialize(_ response: HTTPResponse, for exchange: Exchange) -> [UInt8] {
        let allowsBody = response.status >= 200 && response.status != 204 && response.status != 304
        serializeHead(
            response, bodyCount: allowsBody ? response.body.count : 0, allowsBody: allowsBody, exchange: exchange)
        if allowsBody, !exchange.isHead {
            response.body.withUnsafeBytes { head.append(contentsOf: $0) }
        }
        return head
    }

    /// Writes the interim `100 Continue` that invites the client to send its body.
    func writeContinue(to socket: ConnectionSocket) throws {
        try Self.continueLine.withUnsafeBytes { bytes in try socket.send(bytes) }
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    private mutating func serializeHead(_ response: HTTPResponse, bodyCount: Int, allowsBody: Bool, exchange: Exchange)
    {
        head.removeAll(keepingCapacity: true)
        head.append(contentsOf: "HTTP/1.1 ".utf8)
        appendDecimal(response.status)
        head.append(ASCII.space)
        head.append(contentsOf: HTTPReasonPhrase.phrase(for: response.status).utf8)
        appendLineBreak()
        var hasDate = false
        var handlerLength: String?
        for (name, value) in response.headers {
            switch name.utf8.count {
            case 4 where HTTPHeaders.namesMatch(name, "Date"):
                hasDate = true
            case 10 where HTTPHeaders.namesMatch(name, "Connection"):
                continue
            case 14 where HTTPHeaders.namesMatch(name, "Content-Length"):
                handlerLength = handlerLength ?? value
                continue
            case 17 where HTTPHeaders.namesMatch(name, "Transfer-Encoding"):
                continue
            default:
                break
            }
            appendField(name, value)
        }
        if !hasDate {
            head.append(contentsOf: "Date: ".utf8)
            head.append(contentsOf: dateCache.current())
            appendLineBreak()
        }
        if allowsBody {
            head.append(contentsOf: "Content-Length: ".utf8)
            if exchange.isHead, bodyCount == 0, let handlerLength, Self.isDecimal(handlerLength) {
                head.append(contentsOf: handlerLength.utf8)
            } else {
                appendDecimal(bodyCount)
            }
            appendLineBreak()
        } else if response.status == 304, let handlerLength, Self.isDecimal(handlerLength) {
            appendField("Content-Length", handlerLength)
        }
        if !exchange.keepAlive {
            head.append(contentsOf: "Connection: close\r\n".utf8)
        } else if exchange.version == .http10 {
            head.append(contentsOf: "Connection: keep-alive\r\n".utf8)
        }
        appendLineBreak()
    }

    private mutating func appendField(_ name: String, _ value: String) {
        head.append(contentsOf: name.utf8)
        head.append(ASCII.colon)
        head.append(ASCII.space)
        head.append(contentsOf: value.utf8)
        appendLineBreak()
    }

    private mutating func appendLineBreak() {
        head.append(ASCII.cr)
        head.append(ASCII.lf)
    }

    private mutating func appendDecimal(_ value: Int) {
        guard value > 0 else {
            head.append(UInt8(ascii: "0"))
            return
        }
        var digits:
            (
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8,
                UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8, UInt8
            ) =
                (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
        var remaining = value
        var count = 0
        withUnsafeMutableBytes(of: &digits) { buffer in
            while remaining > 0 {
                buffer[19 - count] = UInt8(ascii: "0") + UInt8(remaining % 10)
                remaining /= 10
                count += 1
            }
            head.append(contentsOf: buffer[(20 - count)...])
        }
    }

    private static func isDecimal(_ text: String) -> Bool {
        !text.isEmpty && text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// Why the handler's response cannot be written as is, or nil.
    private static func problem(with response: HTTPResponse) -> String? {
        guard (200...999).contains(response.status) else {
            return "The handler returned the invalid status \(response.status)."
        }
        for (name, value) in response.headers {
            guard !name.isEmpty, name.utf8.allSatisfy(ASCII.isTokenChar) else {
                return "The handler returned an invalid header name."
            }
            guard value.utf8.allSatisfy(ASCII.isFieldValueChar) else {
                return "The handler returned an invalid value for header \(name)."
            }
        }
        return nil
    }
}

import Foundation
import Primitives

/// Serializes responses into one reusable head buffer, to be written with as few system calls as possible.
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

    /// Writes `response`, waiting for room in the socket as long as its write timeout allows; returns the bytes
    /// written.
    mutating func write(_ response: HTTPResponse, for exchange: Exchange, to socket: ConnectionSocket) throws -> Int {
        var outgoing = try prepare(response, for: exchange)
        _ = try outgoing.send(on: socket, waiting: true)
        return outgoing.byteCount
    }

    /// Serializes `response` for sending: a body up to `inlineBodyLimit` (also from a file) is copied after the
    /// head, so that both go out in one `send`; a producer's body is left to it. A response whose headers could not be written safely (a CR, LF
    /// or NUL in a value, a name that is not a token) is replaced by a 500. Throws `ConnectionError.failed(EIO)`
    /// when a small file cannot be read.
    mutating func prepare(_ response: HTTPResponse, for exchange: Exchange) throws(ConnectionError)
        -> OutgoingMessage
    {
        var response = response
        var problem = Self.problem(withStatus: response.status)
        if problem == nil { problem = serializeHead(response, exchange: exchange) }
        if let problem {
            response = errorResponder(500, problem)
            _ = serializeHead(response, exchange: exchange)
        }
        let bodyCount = response.file.map { Int($0.length) } ?? response.body.count
        guard response.allowsBody, !exchange.isHead, bodyCount > 0, response.producer == nil else {
            return OutgoingMessage(head: head)
        }
        if let file = response.file {
            guard file.length <= Self.inlineBodyLimit else { return OutgoingMessage(head: head, file: file) }
            let headCount = head.count
            head.append(contentsOf: repeatElement(0, count: Int(file.length)))
            let complete = head.withUnsafeMutableBytes { bytes in
                let tail = UnsafeMutableRawBufferPointer(rebasing: bytes[headCount...])
                return file.copy(into: tail)
            }
            guard complete else { throw .failed(EIO) }
            return OutgoingMessage(head: head)
        }
        guard bodyCount <= Self.inlineBodyLimit else { return OutgoingMessage(head: head, body: response.body) }
        response.body.withUnsafeBytes { head.append(contentsOf: $0) }
        return OutgoingMessage(head: head)
    }

    /// The complete bytes of a small in-memory `response` (head and body), for a caller that writes them itself.
    mutating func serialize(_ response: HTTPResponse, for exchange: Exchange) -> [UInt8] {
        _ = serializeHead(response, exchange: exchange)
        if response.allowsBody, !exchange.isHead {
            response.body.withUnsafeBytes { head.append(contentsOf: $0) }
        }
        return head
    }

    /// Writes the interim `100 Continue` that invites the client to send its body.
    func writeContinue(to socket: ConnectionSocket) throws {
        try Self.continueLine.withUnsafeBytes { bytes in try socket.send(bytes) }
    }

    private static let continueLine = Array("HTTP/1.1 100 Continue\r\n\r\n".utf8)

    /// Writes the status line and header fields into `head`; returns what makes a handler's field unsafe to send
    /// (nil when every one is fine), having written it all the same.
    private mutating func serializeHead(_ response: HTTPResponse, exchange: Exchange) -> String? {
        let allowsBody = response.allowsBody
        let bodyCount = allowsBody ? Int(response.bodyLength) : 0
        var problem: String?
        head.removeAll(keepingCapacity: true)
        appendText("HTTP/1.1 ")
        appendDecimal(response.status)
        head.append(ASCII.space)
        appendText(HTTPReasonPhrase.phrase(for: response.status))
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
            if !appendHandlerField(name, value), problem == nil {
                problem =
                    name.isEmpty || !name.utf8.allSatisfy(ASCII.isTokenChar)
                    ? "The handler returned an invalid header name."
                    : "The handler returned an invalid value for header \(name)."
            }
        }
        if !hasDate {
            appendText("Date: ")
            head.append(contentsOf: dateCache.current())
            appendLineBreak()
        }
        if allowsBody, response.producer?.isChunked == true {
            if exchange.version == .http11 { appendText("Transfer-Encoding: chunked\r\n") }
        } else if allowsBody {
            appendText("Content-Length: ")
            if exchange.isHead, bodyCount == 0, let handlerLength, Self.isDecimal(handlerLength) {
                appendText(handlerLength)
            } else {
                appendDecimal(bodyCount)
            }
            appendLineBreak()
        } else if response.status == 304, let handlerLength, Self.isDecimal(handlerLength) {
            appendField("Content-Length", handlerLength)
        }
        if !exchange.keepAlive {
            appendText("Connection: close\r\n")
        } else if exchange.version == .http10 {
            appendText("Connection: keep-alive\r\n")
        }
        appendLineBreak()
        return problem
    }

    /// Appends a field the handler set; false when its name is not a token or its value holds a byte a field
    /// value must not (CR, LF, NUL and the other controls but HTAB), checked on the bytes as written.
    private mutating func appendHandlerField(_ name: String, _ value: String) -> Bool {
        let nameStart = head.count
        appendField(name, value)
        let nameEnd = nameStart + name.utf8.count
        return head.withUnsafeBufferPointer { bytes in
            guard nameEnd > nameStart else { return false }
            for index in nameStart..<nameEnd where !ASCII.isTokenChar(bytes[index]) { return false }
            // After the name: ": ", the value, then CRLF.
            for index in (nameEnd + 2)..<(bytes.count - 2) where !ASCII.isFieldValueChar(bytes[index]) { return false }
            return true
        }
    }

    private mutating func appendField(_ name: String, _ value: String) {
        appendText(name)
        head.append(ASCII.colon)
        head.append(ASCII.space)
        appendText(value)
        appendLineBreak()
    }

    /// Appends the UTF-8 of `text` with one copy (its storage is contiguous already, or made so once).
    private mutating func appendText(_ text: String) {
        var text = text
        text.withUTF8 { head.append(contentsOf: $0) }
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

    /// Why the handler's status cannot be written, or nil.
    private static func problem(withStatus status: Int) -> String? {
        (200...999).contains(status) ? nil : "The handler returned the invalid status \(status)."
    }
}

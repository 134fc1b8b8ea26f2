import Primitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Parses a request line and header section line by line as bytes arrive, enforcing the size limits
/// before buffering more than they allow.
///
/// Lines may end in CRLF or a bare LF. Refused: a malformed request line or header field (400),
/// obs-fold continuation lines (400), control characters other than HTAB in a field value (400),
/// a missing or repeated `Host` in HTTP/1.1 (400), versions other than 1.0 and 1.1 (505),
/// an over-long request line (414) and too many or too large header fields (431).
struct RequestHeadParser {
    struct Limits {
        var maxRequestLineBytes: Int
        var maxHeaderBytes: Int
        var maxHeaderCount: Int
    }

    private let limits: Limits
    private var head: RequestHead?
    private var headerBytes = 0
    private var emptyLinesSkipped = 0

    init(limits: Limits) {
        self.limits = limits
    }

    /// Consumes every complete line in `buffer`; returns the head once its terminating empty line arrived.
    mutating func parse(_ buffer: ReceiveBuffer) throws -> RequestHead? {
        while true {
            let bytes = buffer.bytes
            guard let base = bytes.baseAddress, !bytes.isEmpty,
                let found = memchr(base, Int32(ASCII.lf), bytes.count)
            else {
                try checkPartialLine(length: bytes.count)
                return nil
            }
            let lineFeed = base.distance(to: UnsafeRawPointer(found))
            var length = lineFeed
            if length > 0, bytes[length - 1] == ASCII.cr { length -= 1 }
            let line = UnsafeRawBufferPointer(rebasing: bytes[0..<length])
            if var current = head {
                headerBytes += lineFeed + 1
                guard headerBytes <= limits.maxHeaderBytes else { throw Self.headersTooLarge }
                if line.isEmpty {
                    buffer.consume(lineFeed + 1)
                    try Self.checkHost(current)
                    return current
                }
                guard current.headers.count < limits.maxHeaderCount else { throw Self.headersTooLarge }
                head = nil  // keep `current` uniquely referenced while it grows
                try Self.parseField(line, into: &current)
                head = current
            } else {
                if line.isEmpty {
                    emptyLinesSkipped += 1
                    guard emptyLinesSkipped <= 16 else {
                        throw HTTPProtocolError.badRequest("Too many empty lines before the request line.")
                    }
                } else {
                    guard line.count <= limits.maxRequestLineBytes else { throw Self.requestLineTooLong }
                    head = try Self.parseRequestLine(line)
                }
            }
            buffer.consume(lineFeed + 1)
        }
    }

    private func checkPartialLine(length: Int) throws {
        if head == nil {
            if length > limits.maxRequestLineBytes + 1 { throw Self.requestLineTooLong }
        } else if headerBytes + length > limits.maxHeaderBytes {
            throw Self.headersTooLarge
        }
    }

    private static let requestLineTooLong = HTTPProtocolError(status: 414, message: "The request line is too long.")
    private static let headersTooLarge = HTTPProtocolError(
        status: 431, message: "The request header fields are too large.")

    private static func parseRequestLine(_ line: UnsafeRawBufferPointer) throws -> RequestHead {
        guard let firstSpace = line.firstIndex(of: ASCII.space),
            let secondSpace = line[(firstSpace + 1)...].firstIndex(of: ASCII.space)
        else {
            throw HTTPProtocolError.badRequest("Malformed request line.")
        }
        let method = line[..<firstSpace]
        let target = line[(firstSpace + 1)..<secondSpace]
        let version = line[(secondSpace + 1)...]
        guard !method.isEmpty, method.allSatisfy(ASCII.isTokenChar) else {
            throw HTTPProtocolError.badRequest("Malformed request method.")
        }
        guard !target.isEmpty, target.allSatisfy(ASCII.isTargetChar) else {
            throw HTTPProtocolError.badRequest("Malformed request target.")
        }
        guard let first = target.first,
            first == UInt8(ascii: "/") || isAbsoluteForm(target) || (target.count == 1 && first == UInt8(ascii: "*"))
        else {
            throw HTTPProtocolError.badRequest("The request target must be a path, an absolute URI or '*'.")
        }
        return RequestHead(
            method: String(decoding: method, as: UTF8.self),
            target: String(decoding: target, as: UTF8.self),
            version: try parseVersion(UnsafeRawBufferPointer(rebasing: version))
        )
    }

    private static func isAbsoluteForm(_ target: Slice<UnsafeRawBufferPointer>) -> Bool {
        let lowered = target.prefix(8).map(ASCII.lowercased)
        return lowered.starts(with: "http://".utf8) || lowered.starts(with: "https://".utf8)
    }

    private static func parseVersion(_ version: UnsafeRawBufferPointer) throws -> HTTPVersion {
        guard version.count == 8, version.starts(with: "HTTP/".utf8), ASCII.isDigit(version[5]),
            version[6] == UInt8(ascii: "."), ASCII.isDigit(version[7])
        else {
            throw HTTPProtocolError.badRequest("Malformed HTTP version.")
        }
        switch (version[5], version[7]) {
        case (UInt8(ascii: "1"), UInt8(ascii: "1")): return .http11
        case (UInt8(ascii: "1"), UInt8(ascii: "0")): return .http10
        default:
            throw HTTPProtocolError(
                status: 505, message: "HTTP version \(String(decoding: version, as: UTF8.self)) is not supported.")
        }
    }

    /// Parses `name: value` into `head`, recording the fields the core acts on.
    static func parseField(_ line: UnsafeRawBufferPointer, into head: inout RequestHead) throws {
        let (name, value) = try splitField(line)
        let nameBytes = UnsafeRawBufferPointer(rebasing: line[name])
        let valueText = fieldValueString(UnsafeRawBufferPointer(rebasing: line[value]))
        head.headers.add(name: String(decoding: nameBytes, as: UTF8.self), value: valueText)
        switch nameBytes.count {
        case 4 where ASCII.equalsIgnoringCase(nameBytes, "host"):
            head.hostCount += 1
        case 6 where ASCII.equalsIgnoringCase(nameBytes, "expect"):
            head.expectations.append(valueText)
        case 10 where ASCII.equalsIgnoringCase(nameBytes, "connection"):
            head.connectionOptions.append(valueText)
        case 14 where ASCII.equalsIgnoringCase(nameBytes, "content-length"):
            head.contentLengths.append(valueText)
        case 17 where ASCII.equalsIgnoringCase(nameBytes, "transfer-encoding"):
            head.transferEncodings.append(valueText)
        default:
            break
        }
    }

    /// Checks a header or trailer line's syntax; returns the name range and the trimmed value range.
    static func splitField(_ line: UnsafeRawBufferPointer) throws -> (name: Range<Int>, value: Range<Int>) {
        if let first = line.first, ASCII.isWhitespace(first) {
            throw HTTPProtocolError.badRequest("Obsolete header line folding is not supported.")
        }
        guard let colon = line.firstIndex(of: ASCII.colon), colon > 0 else {
            throw HTTPProtocolError.badRequest("Malformed header field.")
        }
        guard line[..<colon].allSatisfy(ASCII.isTokenChar) else {
            throw HTTPProtocolError.badRequest("Malformed header field name.")
        }
        var start = colon + 1
        var end = line.count
        while start < end, ASCII.isWhitespace(line[start]) { start += 1 }
        while end > start, ASCII.isWhitespace(line[end - 1]) { end -= 1 }
        guard line[start..<end].allSatisfy(ASCII.isFieldValueChar) else {
            throw HTTPProtocolError.badRequest("Invalid character in a header field value.")
        }
        return (0..<colon, start..<end)
    }

    /// Decodes a field value as UTF-8, or byte by byte as ISO-8859-1 when it is not valid UTF-8.
    private static func fieldValueString(_ bytes: UnsafeRawBufferPointer) -> String {
        if let text = String(validating: bytes, as: UTF8.self) { return text }
        return String(String.UnicodeScalarView(bytes.map { Unicode.Scalar($0) }))
    }

    private static func checkHost(_ head: RequestHead) throws {
        guard head.version == .http11 else { return }
        if head.hostCount == 0 { throw HTTPProtocolError.badRequest("An HTTP/1.1 request must have a Host header.") }
        if head.hostCount > 1 { throw HTTPProtocolError.badRequest("The request has more than one Host header.") }
    }
}

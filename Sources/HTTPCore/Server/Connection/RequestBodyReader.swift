import Foundation
import Primitives

/// Reads a request body framed by `Content-Length` or `Transfer-Encoding: chunked` into one `Data`.
///
/// Chunk extensions are ignored and trailer fields are checked for syntax and size, then dropped.
struct RequestBodyReader {
    let input: ConnectionInput
    let maxBodyBytes: Int
    let maxTrailerBytes: Int
    let maxTrailerCount: Int
    /// The longest wait for more body bytes before the request times out (408).
    let stallMilliseconds: Int
    /// The slowest average rate a body may arrive at, after `stallMilliseconds` of grace (else 408).
    let minimumBytesPerSecond: Int
    /// Takes room for `count` more bytes from the server's body budget before the storage grows (throws 503).
    let reserve: (Int) throws -> Void

    private static let maxChunkLineBytes = 4096
    /// The most a body's storage grows by at once: it starts small and doubles as bytes are received, up to
    /// this, so a client that declares a large body and sends little costs little.
    static let largestStep = 1 << 20

    func read(_ framing: BodyFraming) throws -> Data {
        if framing != .none {
            input.requireAverageRate(bytesPerSecond: minimumBytesPerSecond, graceMilliseconds: stallMilliseconds)
        }
        switch framing {
        case .none:
            return Data()
        case .length(let length):
            guard let storage = GrowingBytes(capacity: min(length, GrowingBytes.smallestStep), expecting: length)
            else {
                throw HTTPProtocolError(status: 500, message: "Not enough memory for the request body.")
            }
            while storage.count < length {
                let step = GrowingBytes.step(
                    received: storage.count, remaining: length - storage.count, largest: Self.largestStep)
                try reserve(step)
                guard let region = storage.extend(by: step) else {
                    throw HTTPProtocolError(status: 500, message: "Not enough memory for the request body.")
                }
                try input.read(into: region, stallMilliseconds: stallMilliseconds)
            }
            return storage.finish()
        case .chunked:
            return try readChunked()
        }
    }

    private func readChunked() throws -> Data {
        try reserve(64 * 1024)
        guard let storage = GrowingBytes(capacity: 64 * 1024) else {
            throw HTTPProtocolError(status: 500, message: "Not enough memory for the request body.")
        }
        let chunkLineTooLong = HTTPProtocolError.badRequest("A chunk size line is too long.")
        while true {
            let size = try input.withLine(
                limit: Self.maxChunkLineBytes, tooLong: chunkLineTooLong, stallMilliseconds: stallMilliseconds
            ) {
                try Self.parseChunkSize($0)
            }
            if size == 0 { break }
            guard size <= maxBodyBytes - storage.count else { throw HTTPProtocolError.bodyTooLarge }
            try reserve(size)
            guard let region = storage.extend(by: size) else {
                throw HTTPProtocolError(status: 500, message: "Not enough memory for the request body.")
            }
            try input.read(into: region, stallMilliseconds: stallMilliseconds)
            try input.withLine(
                limit: 0, tooLong: HTTPProtocolError.badRequest("Chunk data is not followed by a line break."),
                stallMilliseconds: stallMilliseconds
            ) { _ in }
        }
        try skipTrailers()
        return storage.finish()
    }

    /// The size from `chunk-size [ext]`; too large a size is 413, anything malformed 400.
    private static func parseChunkSize(_ line: UnsafeRawBufferPointer) throws -> Int {
        var size = 0
        var digits = 0
        var index = 0
        while index < line.count, let digit = ASCII.hexValue(line[index]).map(Int.init) {
            guard digits < 15 else { throw HTTPProtocolError.bodyTooLarge }
            size = size << 4 | digit
            digits += 1
            index += 1
        }
        guard digits > 0 else { throw HTTPProtocolError.badRequest("Malformed chunk size.") }
        while index < line.count, ASCII.isWhitespace(line[index]) { index += 1 }
        if index < line.count {
            guard line[index] == UInt8(ascii: ";"), line[index...].allSatisfy(ASCII.isFieldValueChar) else {
                throw HTTPProtocolError.badRequest("Malformed chunk extension.")
            }
        }
        return size
    }

    private func skipTrailers() throws {
        let tooLarge = HTTPProtocolError(status: 431, message: "The request trailer fields are too large.")
        var bytes = 0
        var count = 0
        while true {
            let isEnd = try input.withLine(
                limit: maxTrailerBytes, tooLong: tooLarge, stallMilliseconds: stallMilliseconds
            ) { line in
                bytes += line.count + 2
                guard bytes <= maxTrailerBytes else { throw tooLarge }
                if line.isEmpty { return true }
                count += 1
                guard count <= maxTrailerCount else { throw tooLarge }
                _ = try RequestHeadParser.splitField(line)
                return false
            }
            if isEnd { return }
        }
    }
}

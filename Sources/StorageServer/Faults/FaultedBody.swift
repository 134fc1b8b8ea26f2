import Foundation
import HTTPCore
import Primitives
import StorageAPI
import StorageWire

/// A response body as a fault delivers it, streamed from where it is (memory or a file region, never loaded):
/// cut short after some bytes, paused after some bytes, or with its first byte flipped.
struct FaultedBody: HTTPBodyProducer {
    enum Source: Sendable {
        case bytes(Data)
        case file(FileRegion)
        /// A transcoded download, decompressed as it is sent.
        case gunzip(GunzipBody)
    }

    let source: Source
    /// The connection ends after this many bytes (those arrive, the rest is never sent).
    var cutAfter: Int64?
    /// The body pauses this many seconds after `stallAfter` bytes.
    var stall: (after: Int64, seconds: Double)?
    var flipsFirstByte = false

    /// The body of `response`, to be delivered as this fault says; on a decompressed download the fault acts on the
    /// bytes the client reads, as they are decompressed (its `length`, for a cut of half the body, is the stored one).
    init(of response: HTTPResponse) {
        if let gunzip = response.producer as? GunzipBody {
            source = .gunzip(gunzip)
        } else {
            source = response.file.map(Source.file) ?? .bytes(response.body)
        }
    }

    var length: Int64 {
        switch source {
        case .bytes(let data): Int64(data.count)
        case .file(let region): region.length
        case .gunzip(let gunzip): gunzip.length
        }
    }

    var isChunked: Bool {
        if case .gunzip = source { return true }
        return false
    }

    /// `response` with its body delivered by this producer.
    func deliver(_ response: HTTPResponse) -> HTTPResponse {
        var faulted = response
        faulted.body = Data()
        faulted.file = nil
        faulted.producer = self
        return faulted
    }

    /// A stall after no bytes delays the whole answer, head included.
    func prepare(_ sink: HTTPBodySink) throws {
        if let stall, stall.after <= 0 { try pause(stall.seconds, sink) }
    }

    func produce(into sink: HTTPBodySink) throws {
        if case .gunzip(let gunzip) = source { return try produce(gunzip, into: sink) }
        let end = min(cutAfter ?? length, length)
        var position: Int64 = 0
        if let stall, stall.after > 0, stall.after < end {
            try send(from: 0, to: stall.after, into: sink)
            position = stall.after
            try pause(stall.seconds, sink)
        }
        try send(from: position, to: end, into: sink)
        if end < length { throw FaultedBodyEnd() }
    }

    /// The decompressed bytes with the fault applied as they pass: cut after `cutAfter` (or at their end, when they
    /// are shorter), paused at `stall`, the first byte flipped.
    private func produce(_ gunzip: GunzipBody, into sink: HTTPBodySink) throws {
        let end = cutAfter ?? Int64.max
        var position: Int64 = 0
        try gunzip.decompress { piece in
            var rest = piece
            while !rest.isEmpty {
                guard position < end else { throw FaultedBodyEnd() }
                var take = min(Int64(rest.count), end - position)
                if let stall, stall.after > position { take = min(take, stall.after - position) }
                var run = UnsafeRawBufferPointer(rebasing: rest[..<Int(take)])
                if flipsFirstByte, position == 0 {
                    var first = run[0] ^ 0xFF
                    try withUnsafeBytes(of: &first) { try sink.write($0) }
                    run = UnsafeRawBufferPointer(rebasing: run[1...])
                }
                try sink.write(run)
                position += take
                rest = UnsafeRawBufferPointer(rebasing: rest[Int(take)...])
                if let stall, stall.after > 0, position == stall.after { try pause(stall.seconds, sink) }
            }
        }
        // A cut body whose decompressed bytes ended before the cut still lacks its last chunk: the client sees it cut.
        if cutAfter != nil { throw FaultedBodyEnd() }
    }

    private func pause(_ seconds: Double, _ sink: HTTPBodySink) throws {
        let milliseconds = Int(min(max(seconds, 0), RequestFault.longestStall) * 1000)
        guard sink.pause(milliseconds: milliseconds) else { throw FaultedBodyEnd() }
    }

    private func send(from start: Int64, to end: Int64, into sink: HTTPBodySink) throws {
        guard start < end else { return }
        var start = start
        if flipsFirstByte, start == 0 {
            var first = try byte(at: 0) ^ 0xFF
            try withUnsafeBytes(of: &first) { try sink.write($0) }
            start = 1
        }
        guard start < end else { return }
        switch source {
        case .bytes(let data):
            try data.withUnsafeBytes { bytes in
                try sink.write(UnsafeRawBufferPointer(rebasing: bytes[Int(start)..<Int(end)]))
            }
        case .file(let region):
            try sink.write(FileRegion(file: region.file, offset: region.offset + start, length: end - start))
        case .gunzip:
            break
        }
    }

    private func byte(at offset: Int64) throws -> UInt8 {
        switch source {
        case .bytes(let data):
            return data[data.startIndex + Int(offset)]
        case .file(let region):
            var value: UInt8 = 0
            let count = try withUnsafeMutableBytes(of: &value) { try region.read(at: offset, into: $0) }
            guard count == 1 else { throw FaultedBodyEnd() }
            return value
        case .gunzip:
            throw FaultedBodyEnd()
        }
    }
}

/// The end a fault gives a body: the connection ends there.
struct FaultedBodyEnd: Error {}

import Foundation
import HTTPCore
import Primitives
import StorageAPI

/// Cloud Storage's decompressive transcoding (docs/gcs-dialect.md §7), on every dialect's downloads: an object stored
/// with `Content-Encoding: gzip` is sent decompressed, whole (a `Range` is ignored) and without `Content-Encoding`, to
/// a client whose `Accept-Encoding` does not take gzip, unless its `Cache-Control` says `no-transform`. A client that
/// takes gzip gets the stored bytes, ranges and all, with `Content-Encoding: gzip`.
package enum DecompressiveTranscoding {
    /// Whether a download of `resource` by a client sending `acceptEncoding` is decompressed.
    package static func applies(to resource: ObjectResource, acceptEncoding: String?) -> Bool {
        resource.contentEncoding.lowercased() == "gzip"
            && !(resource.cacheControl?.lowercased().contains("no-transform") ?? false)
            && !accepts("gzip", acceptEncoding)
    }

    /// Whether `Accept-Encoding` names `coding` (or `*`) without `q=0`.
    package static func accepts(_ coding: String, _ acceptEncoding: String?) -> Bool {
        guard let acceptEncoding else { return false }
        return acceptEncoding.split(separator: ",").contains { element in
            let parts = element.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces).lowercased() }
            guard let name = parts.first, name == coding.lowercased() || name == "*" else { return false }
            let quality = parts.dropFirst().first { $0.hasPrefix("q=") }.flatMap { Double($0.dropFirst(2)) }
            return quality != 0
        }
    }
}

/// The decompressed bytes of a stored gzip object, as a response body: sent chunked (as GCS sends a transcoded
/// answer, without `Content-Length`), decompressed as it is sent, so that neither the stored nor the decompressed
/// bytes are held whole, nothing is decompressed before the head (nor at all for `HEAD`), and the work stops when
/// the client leaves. Stored bytes that are not gzip from their first byte are sent as they are; gzip that fails
/// part-way ends the answer there (cut short).
package final class GunzipBody: HTTPBodyProducer {
    private let read: ObjectRead

    /// `read` holds the whole stored object.
    package init(_ read: ObjectRead) {
        self.read = read
    }

    /// The stored length (the decompressed one is not known before the end).
    package var length: Int64 { read.count }

    package var isChunked: Bool { true }

    package func produce(into sink: HTTPBodySink) throws {
        try decompress { try sink.write($0) }
    }

    /// Hands the bytes the answer sends to `output` piece by piece: decompressed, or as stored when they are not
    /// gzip. Rethrows what `output` throws.
    package func decompress(_ output: (UnsafeRawBufferPointer) throws -> Void) throws {
        var emitted = false
        do {
            try GzipDecoder.decompress(
                input: input(),
                output: { piece in
                    if !piece.isEmpty { emitted = true }
                    try output(piece)
                })
        } catch let error as GzipError {
            guard !emitted else { throw error }
            let next = input()
            var buffer = [UInt8](repeating: 0, count: 64 * 1024)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try next($0) }
                if count <= 0 { return }
                try buffer.withUnsafeBytes { try output(UnsafeRawBufferPointer(rebasing: $0[..<count])) }
            }
        }
    }

    /// A reader of the stored bytes from the start.
    private func input() -> (UnsafeMutableRawBufferPointer) throws -> Int {
        var position: Int64 = 0
        let read = self.read
        return { buffer in
            let count: Int
            if let file = read.file {
                count = try file.read(at: position, into: buffer)
            } else {
                let data = read.data
                count = min(buffer.count, data.count - Int(position))
                if count > 0 {
                    data.copyBytes(
                        to: buffer.bindMemory(to: UInt8.self),
                        from: (data.startIndex + Int(position))..<(data.startIndex + Int(position) + count))
                }
            }
            position += Int64(max(0, count))
            return max(0, count)
        }
    }
}

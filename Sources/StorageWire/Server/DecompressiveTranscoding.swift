import Foundation
import HTTPCore
import Primitives
import StorageAPI
import Synchronization

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

/// The decompressed bytes of a stored gzip object, as a response body: its length is worked out by a first pass
/// (before the head goes out, on the answer's own thread, never on an event loop), then the bytes are decompressed
/// again as they are sent, so neither the stored nor the decompressed bytes are held whole. Stored bytes that are not
/// valid gzip are sent as they are.
package final class GunzipBody: HTTPBodyProducer {
    private let read: ObjectRead
    /// The decompressed length, or nil when the stored bytes are sent as they are; unknown before `prepare`.
    private let decompressedLength = Mutex<Int64??>(nil)

    /// `read` holds the whole stored object.
    package init(_ read: ObjectRead) {
        self.read = read
    }

    package var length: Int64 {
        switch decompressedLength.withLock({ $0 }) {
        case .some(.some(let length)): length
        default: read.count
        }
    }

    package func prepare(_ sink: HTTPBodySink) throws {
        let length = try? GzipDecoder.decompress(input: input(), output: { _ in })
        decompressedLength.withLock { $0 = .some(length) }
    }

    package func produce(into sink: HTTPBodySink) throws {
        guard case .some(.some) = decompressedLength.withLock({ $0 }) else {
            if let file = read.file {
                try sink.write(file)
            } else {
                try read.data.withUnsafeBytes { try sink.write($0) }
            }
            return
        }
        try GzipDecoder.decompress(input: input(), output: { try sink.write($0) })
    }

    /// The bytes the answer sends, in memory: decompressed, or as stored when they are not gzip.
    package func decompressed() -> Data {
        var output = Data()
        if (try? GzipDecoder.decompress(input: input(), output: { output.append(contentsOf: $0) })) != nil {
            return output
        }
        if let file = read.file, let data = try? file.load() { return data }
        return read.data
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

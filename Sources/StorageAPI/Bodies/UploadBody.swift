import Foundation
import Primitives

/// The bytes of one upload request as they arrive, pulled by the service that stores them: a request body a
/// server streams instead of holding it whole, or bytes already at hand (`DataUploadBody`).
public protocol UploadBody: AnyObject {
    /// How many bytes the body holds, known before they arrive.
    var length: Int64 { get }
    /// Reads the next bytes into `buffer` (at most its count) and returns how many; 0 once all `length` arrived.
    /// Throws when the body cannot be read: its sender stalled or went away.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int
}

extension UploadBody {
    /// Fills `buffer` with the next bytes; returns how many, fewer than its count only when the body ended.
    public func fill(_ buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        var filled = 0
        while filled < buffer.count {
            let count = try read(into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...]))
            guard count > 0 else { break }
            filled += count
        }
        return filled
    }

    /// Hands the remaining bytes to `consume` in order, a block of at most 1 MiB at a time, through one buffer.
    public func forEachBlock(_ consume: (UnsafeRawBufferPointer) throws(BackendError) -> Void) throws(BackendError) {
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: 1 << 20, alignment: 64)
        defer { buffer.deallocate() }
        while true {
            let count = try fill(buffer)
            if count > 0 { try consume(UnsafeRawBufferPointer(rebasing: buffer[..<count])) }
            if count < buffer.count { return }
        }
    }

    /// Every remaining byte, in memory; the storage grows as bytes arrive, not from the declared length.
    public func readAll() throws(BackendError) -> Data {
        guard
            let storage = GrowingBytes(
                capacity: Int(min(length, Int64(GrowingBytes.smallestStep))), expecting: Int(length))
        else {
            throw Self.outOfMemory
        }
        var remaining = length
        while remaining > 0 {
            let want = GrowingBytes.step(
                received: storage.count, remaining: Int(min(remaining, 1 << 30)), largest: 1 << 30)
            guard let region = storage.extend(by: want) else { throw Self.outOfMemory }
            let filled = try fill(region)
            storage.truncate(to: storage.count - want + filled)
            guard filled == want else { break }
            remaining -= Int64(want)
        }
        return storage.finish()
    }
}

extension UploadBody {
    static var outOfMemory: BackendError { BackendError(status: 503, "Not enough memory for the upload.") }
}

/// Bytes already in memory, as an upload body.
public final class DataUploadBody: UploadBody {
    public let data: Data
    private var position = 0

    public init(_ data: Data) {
        self.data = data
    }

    public var length: Int64 { Int64(data.count) }

    public func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        let count = min(buffer.count, data.count - position)
        guard count > 0 else { return 0 }
        data.withUnsafeBytes { bytes in
            let start = bytes.startIndex + position
            buffer.copyMemory(from: UnsafeRawBufferPointer(rebasing: bytes[start..<start + count]))
        }
        position += count
        return count
    }

    /// The bytes not read yet, without a copy when none were.
    package var unread: Data { position == 0 ? data : data.dropFirst(position) }
}

/// The body of another, without its first `skipping` bytes: a resent chunk whose start the service holds already.
public final class SkippingUploadBody: UploadBody {
    private let inner: any UploadBody
    private var toSkip: Int64

    public init(_ inner: any UploadBody, skipping: Int64) {
        self.inner = inner
        toSkip = max(0, min(skipping, inner.length))
    }

    public var length: Int64 { inner.length - toSkip }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        while toSkip > 0 {
            let count = try inner.read(
                into: UnsafeMutableRawBufferPointer(rebasing: buffer[..<Int(min(toSkip, Int64(buffer.count)))]))
            guard count > 0 else { return 0 }
            toSkip -= Int64(count)
        }
        return try inner.read(into: buffer)
    }
}

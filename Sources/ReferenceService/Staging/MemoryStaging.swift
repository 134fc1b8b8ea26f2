import Foundation
import Primitives
import StorageAPI

/// An upload staged in memory, received straight into the storage the object will keep. A first chunk of bytes
/// already in memory is kept as it came, without a copy.
final class MemoryStaging: UploadStaging, @unchecked Sendable {
    private var adopted: Data?
    private var buffer: GrowingBytes?
    /// Room for several blocks: staged bytes stay where they are until the next move, which settles first.
    private let hasher = UploadHasher(depth: 4)

    /// Bytes received and hashed at a time.
    static let block = 256 * 1024

    /// A staging dropped without `discard()` (a reset forgets its sessions) frees its bytes only once no
    /// block of them is left to hash.
    deinit {
        hasher.settle()
    }

    var count: Int64 { Int64(adopted?.count ?? buffer?.count ?? 0) }

    var digests: ObjectDigests { hasher.digests }

    func receive(_ body: any UploadBody) throws(BackendError) {
        hasher.beginChunk()
        if adopted == nil, buffer == nil, let data = body as? DataUploadBody {
            let bytes = data.unread
            let kept = bytes.startIndex == 0 ? bytes : bytes.withUnsafeBytes { Data($0) }
            kept.withUnsafeBytes { stored in
                for start in stride(from: 0, to: stored.count, by: Self.block) {
                    hasher.add(UnsafeRawBufferPointer(rebasing: stored[start..<min(stored.count, start + Self.block)]))
                }
            }
            adopted = kept
            return
        }
        let storage = try growable(expecting: count + body.length)
        let start = storage.count
        do throws(BackendError) {
            try receive(body, into: storage)
        } catch {
            storage.truncate(to: start)
            hasher.abandonChunk()
            throw error
        }
    }

    private func receive(_ body: any UploadBody, into storage: GrowingBytes) throws(BackendError) {
        var remaining = body.length
        while remaining > 0 {
            // Extends by what is staged already (so the storage doubles), a block at most: never far ahead of
            // the bytes that arrived.
            let want = GrowingBytes.step(
                received: storage.count, remaining: Int(min(remaining, Int64(Self.block))), largest: Self.block)
            guard let region = storage.extend(by: want, beforeMoving: hasher.settle) else { throw Self.outOfMemory }
            var filled = 0
            defer { storage.truncate(to: storage.count - want + filled) }
            while filled < want {
                let block = UnsafeMutableRawBufferPointer(rebasing: region[filled..<min(want, filled + Self.block)])
                guard try body.fill(block) == block.count else { throw Self.shortBody }
                hasher.add(UnsafeRawBufferPointer(block))
                filled += block.count
            }
            remaining -= Int64(want)
        }
    }

    func seal() throws(BackendError) -> StoredBytes {
        hasher.settle()
        defer { discard() }
        return .memory(adopted ?? buffer?.finish() ?? Data())
    }

    func discard() {
        hasher.settle()
        adopted = nil
        buffer = nil
    }

    /// The growable buffer, holding any adopted bytes first; made for `expected` bytes in all, likely.
    private func growable(expecting expected: Int64) throws(BackendError) -> GrowingBytes {
        if let buffer { return buffer }
        hasher.settle()  // the adopted bytes are copied and freed
        guard let storage = GrowingBytes(capacity: max(4096, adopted?.count ?? 0), expecting: Int(expected)) else {
            throw Self.outOfMemory
        }
        if let adopted, let region = storage.extend(by: adopted.count) {
            adopted.withUnsafeBytes { region.copyMemory(from: $0) }
        }
        adopted = nil
        buffer = storage
        return storage
    }

    static let outOfMemory = BackendError(status: 503, "Not enough memory to stage the upload.")
    static let shortBody = BackendError.badRequest("The upload's body ended before its declared length.")
}

import Foundation
import Primitives
import StorageAPI

/// An upload staged in memory, in the storage the object will keep. A first chunk of bytes already in memory
/// is kept as it came, without a copy.
///
/// The bytes and their hasher are behind the staging's own lock, which the one request receiving a chunk holds
/// while it arrives (a session hands its staging to one request at a time, so the lock is not contended).
final class MemoryStaging: UploadStaging {
    fileprivate struct Staged {
        var adopted: Data?
        var buffer: GrowingBytes?
        var hasher = UploadHasher(depth: 4)

        var count: Int64 { Int64(adopted?.count ?? buffer?.count ?? 0) }

        mutating func discard() {
            adopted = nil
            buffer = nil
        }
    }

    private let staged = Locked(Staged())

    var count: Int64 { staged.withLock { $0.count } }

    var digests: ObjectDigests { staged.withLock { $0.hasher.digests } }

    func receive(_ body: any UploadBody) throws(BackendError) {
        try staged.withLock { (staged: inout Staged) throws(BackendError) in try staged.receive(body) }
    }

    func seal() throws(BackendError) -> StoredBytes {
        staged.withLock { staged in
            defer { staged.discard() }
            return .memory(staged.adopted ?? staged.buffer?.finish() ?? Data())
        }
    }

    func discard() {
        staged.withLock { $0.discard() }
    }

    static let outOfMemory = BackendError(status: 503, "Not enough memory to stage the upload.")
    static let shortBody = BackendError.badRequest("The upload's body ended before its declared length.")
}

extension MemoryStaging.Staged {
    fileprivate mutating func receive(_ body: any UploadBody) throws(BackendError) {
        hasher.beginChunk()
        defer { hasher.endChunk() }
        let inMemory = (body as? DataUploadBody)?.unread
        if adopted == nil, buffer == nil, let inMemory {
            // A slice keeps its parent's indices; the staged bytes start at zero.
            let kept = inMemory.startIndex == 0 ? inMemory : inMemory.withUnsafeBytes { Data($0) }
            hasher.add(kept)
            adopted = kept
            return
        }
        let storage = try growable(expecting: count + body.length)
        let start = storage.count
        do throws(BackendError) {
            if let inMemory {
                try Self.copy(inMemory, into: storage, hashing: &hasher)
            } else {
                try Self.receive(body, into: storage, hashing: &hasher)
            }
        } catch {
            storage.truncate(to: start)
            hasher.abandonChunk()
            throw error
        }
    }

    /// Bytes already in memory: copied a block at a time, each hashed as it is (MD5 reads them where they are).
    private static func copy(_ bytes: Data, into storage: GrowingBytes, hashing hasher: inout UploadHasher)
        throws(BackendError)
    {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let block = bytes[start..<min(bytes.endIndex, start + UploadHasher.blockSize)]
            guard let region = storage.extend(by: block.count) else { throw MemoryStaging.outOfMemory }
            block.withUnsafeBytes { region.copyMemory(from: $0) }
            hasher.add(block)
            start = block.endIndex
        }
    }

    /// Bytes that arrive: received into the hasher's blocks, and copied from there.
    private static func receive(_ body: any UploadBody, into storage: GrowingBytes, hashing hasher: inout UploadHasher)
        throws(BackendError)
    {
        let length = body.length
        var received: Int64 = 0
        while received < length {
            let want = UploadHasher.step(received: received, of: length)
            let arrived = try hasher.receive(want, from: body) { (bytes) throws(BackendError) in
                guard let region = storage.extend(by: bytes.count) else { throw MemoryStaging.outOfMemory }
                region.copyMemory(from: bytes)
            }
            guard arrived == want else { throw MemoryStaging.shortBody }
            received += Int64(want)
        }
    }

    /// The growable buffer, holding any adopted bytes first; made for `expected` bytes in all, likely.
    private mutating func growable(expecting expected: Int64) throws(BackendError) -> GrowingBytes {
        if let buffer { return buffer }
        guard let storage = GrowingBytes(capacity: max(4096, adopted?.count ?? 0), expecting: Int(expected)) else {
            throw MemoryStaging.outOfMemory
        }
        if let adopted, let region = storage.extend(by: adopted.count) {
            adopted.withUnsafeBytes { region.copyMemory(from: $0) }
        }
        adopted = nil
        buffer = storage
        return storage
    }
}

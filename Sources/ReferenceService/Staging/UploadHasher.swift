import Foundation
import Primitives
import StorageAPI

/// An upload's checksums, kept up as its bytes arrive, across all its chunks: CRC32C on the receiving thread,
/// and MD5, the slowest step of an upload, a few blocks behind on `BackgroundMD5`'s queue, so that hashing one
/// block overlaps receiving the next, from one chunk to the next as well. A chunk that fails is taken back out.
///
/// The MD5 queue only reads bytes it holds a reference to: bytes the caller has as `Data` already (`add`), or a
/// block of the hasher's own that the receiver fills and gives back (`receive`). Whoever stages the bytes may
/// move or free its own storage at any time. Owned by its staging (behind the staging's lock).
struct UploadHasher {
    private var crc32c = CRC32C()
    private var crc32cAtChunkStart = CRC32C()
    private let md5: BackgroundMD5

    /// Bytes received and hashed at a time.
    static let blockSize = 256 * 1024

    /// How many bytes of a body of `length` to receive next when `received` have arrived: as many as arrived
    /// (so blocks double), at least `GrowingBytes.smallestStep` and at most a block. A body that declares much
    /// and sends little is given little memory.
    static func step(received: Int64, of length: Int64) -> Int {
        GrowingBytes.step(
            received: Int(min(received, Int64(blockSize))), remaining: Int(min(length - received, Int64(blockSize))),
            largest: blockSize)
    }

    /// A hasher with room for `depth` blocks waiting to be hashed.
    init(depth: Int) {
        md5 = BackgroundMD5(depth: depth, blockSize: Self.blockSize)
    }

    /// Notes where a chunk starts: what `abandonChunk()` goes back to.
    mutating func beginChunk() {
        crc32cAtChunkStart = crc32c
        md5.beginChunk()
    }

    /// Lets go of the blocks kept for the chunk that ended (those still queued go once hashed): a session
    /// waiting for its next chunk holds none.
    func endChunk() {
        md5.endChunk()
    }

    /// Takes the chunk begun last back out of the checksums.
    mutating func abandonChunk() {
        md5.abandonChunk()
        crc32c = crc32cAtChunkStart
    }

    /// Hashes `bytes`, which the MD5 queue keeps until it has read them, a block at a time.
    mutating func add(_ bytes: Data) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let block = bytes[start..<min(bytes.endIndex, start + Self.blockSize)]
            crc32c.update(block)
            md5.hash(block)
            start = block.endIndex
        }
    }

    /// Reads the next `count` bytes of `body` (a block at most) into a block of the hasher's own, hashes them,
    /// and hands them to `sink` on this thread before MD5 goes on with them on its queue. Returns how many bytes
    /// arrived: fewer than `count` only when the body ended.
    mutating func receive(
        _ count: Int, from body: any UploadBody, into sink: (UnsafeRawBufferPointer) throws(BackendError) -> Void
    ) throws(BackendError) -> Int {
        var block = try md5.borrowBlock(holding: count)
        let filled = try block.withUnsafeMutableBytes { bytes in
            Result { () throws(BackendError) -> Int in
                let region = UnsafeMutableRawBufferPointer(rebasing: bytes[..<min(count, bytes.count)])
                let filled = try body.fill(region)
                let received = UnsafeRawBufferPointer(rebasing: region[..<filled])
                crc32c.update(received)
                try sink(received)
                return filled
            }
        }.get()
        md5.hash(lent: &block, count: filled)
        return filled
    }

    /// The checksums of every byte added, once MD5 has caught up.
    var digests: ObjectDigests {
        ObjectDigests(md5: md5.settled(), crc32c: crc32c)
    }
}

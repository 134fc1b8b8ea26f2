import Foundation
import Primitives
import StorageAPI

/// An upload's checksums, kept up as its bytes arrive, across all its chunks: CRC32C on the receiving thread,
/// and MD5, the slowest step of an upload, a few blocks behind on `BackgroundMD5`'s queue (from the first
/// block large enough to be worth handing over), so that hashing one block overlaps receiving the next, from
/// one chunk to the next as well. A chunk that fails is taken back out.
///
/// The MD5 queue only reads bytes it holds a reference to: bytes the caller has as `Data` already (`add`), or a
/// block of the hasher's own that the receiver fills and gives back (`receive`). Whoever stages the bytes may
/// move or free its own storage at any time. Owned by its staging (behind the staging's lock).
struct UploadHasher {
    private var crc32c = CRC32C()
    private var crc32cAtChunkStart = CRC32C()
    /// MD5 on the receiving thread, until a block large enough to hash behind arrives (small uploads never
    /// make a queue).
    private var md5 = MD5()
    private var md5AtChunkStart = MD5()
    /// MD5 from the first large block on.
    private var behind: BackgroundMD5?
    private let depth: Int

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
        self.depth = depth
    }

    /// Notes where a chunk starts: what `abandonChunk()` goes back to.
    mutating func beginChunk() {
        crc32cAtChunkStart = crc32c
        if let behind { behind.beginChunk() } else { md5AtChunkStart = md5 }
    }

    /// Lets go of the blocks kept for the chunk that ended (those still queued go once hashed): a session
    /// waiting for its next chunk holds none.
    func endChunk() {
        behind?.endChunk()
    }

    /// Takes the chunk begun last back out of the checksums.
    mutating func abandonChunk() {
        if let behind { behind.abandonChunk() } else { md5 = md5AtChunkStart }
        crc32c = crc32cAtChunkStart
    }

    /// Hashes `bytes`, which the MD5 queue keeps until it has read them, a block at a time.
    mutating func add(_ bytes: Data) {
        var start = bytes.startIndex
        while start < bytes.endIndex {
            let block = bytes[start..<min(bytes.endIndex, start + Self.blockSize)]
            crc32c.update(block)
            if behind == nil, block.count < BackgroundMD5.backgroundThreshold {
                md5.update(block)
            } else {
                background().hash(block)
            }
            start = block.endIndex
        }
    }

    /// Reads the next `count` bytes of `body` (a block at most) into a block of the hasher's own, hashes them,
    /// and hands them to `sink` on this thread before MD5 goes on with them on its queue. Returns how many bytes
    /// arrived: fewer than `count` only when the body ended.
    mutating func receive(
        _ count: Int, from body: any UploadBody, into sink: (UnsafeRawBufferPointer) throws(BackendError) -> Void
    ) throws(BackendError) -> Int {
        let md5 = background()
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
        ObjectDigests(md5: behind?.settled() ?? md5, crc32c: crc32c)
    }

    /// The background MD5, made (going on from the MD5 so far) when first needed.
    private mutating func background() -> BackgroundMD5 {
        if let behind { return behind }
        let made = BackgroundMD5(depth: depth, blockSize: Self.blockSize, from: md5, atChunkStart: md5AtChunkStart)
        behind = made
        return made
    }
}

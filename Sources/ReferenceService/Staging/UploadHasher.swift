import Dispatch
import Primitives

/// An upload's checksums, kept up as its bytes arrive, across all its chunks: CRC32C on the receiving thread,
/// and MD5, the slowest step of an upload, on a serial queue of its own, behind, so that hashing one block
/// overlaps receiving the next, from one chunk to the next as well. A chunk that fails is taken back out.
///
/// A block given to `add` must stay where it is, unchanged, until the hasher has settled: whoever stages the
/// bytes calls `settle()` before moving, reusing or freeing memory it added.
final class UploadHasher: @unchecked Sendable {
    // `md5` and `md5AtChunkStart` belong to `queue` while work is queued on it; other code reads or sets them
    // only after `settle()`. The rest belongs to the thread that holds the upload's staging.
    private var md5 = MD5()
    private var md5AtChunkStart = MD5()
    private var crc32c = CRC32C()
    private var crc32cAtChunkStart = CRC32C()
    private var queue: DispatchQueue?
    /// Room for blocks queued and not hashed yet.
    private let room: DispatchSemaphore

    /// Blocks shorter than this are hashed on the caller's thread: handing them over costs more than it saves.
    static let backgroundThreshold = 64 * 1024

    /// A hasher with room for `depth` blocks waiting to be hashed: a stager that reuses buffers needs one
    /// buffer more than that.
    init(depth: Int = 1) {
        room = DispatchSemaphore(value: max(1, depth))
    }

    /// Notes where a chunk starts: what `abandonChunk()` goes back to.
    func beginChunk() {
        crc32cAtChunkStart = crc32c
        if let queue {
            queue.async { self.md5AtChunkStart = self.md5 }
        } else {
            md5AtChunkStart = md5
        }
    }

    /// Hashes `block` (CRC32C now, MD5 now or queued), waiting when the queue has no room.
    func add(_ block: UnsafeRawBufferPointer) {
        crc32c.update(block)
        guard block.count >= Self.backgroundThreshold else {
            settle()
            md5.update(block)
            return
        }
        let queue = self.queue ?? DispatchQueue(label: "storage.upload-md5")
        self.queue = queue
        room.wait()
        nonisolated(unsafe) let shared = block
        queue.async {
            self.md5.update(shared)
            self.room.signal()
        }
    }

    /// Waits until every block added is hashed.
    func settle() {
        queue?.sync {}
    }

    /// Takes the chunk begun last back out of the checksums.
    func abandonChunk() {
        settle()
        md5 = md5AtChunkStart
        crc32c = crc32cAtChunkStart
    }

    /// The checksums of every block added (once they are all hashed).
    var digests: ObjectDigests {
        settle()
        return ObjectDigests(md5: md5, crc32c: crc32c)
    }
}

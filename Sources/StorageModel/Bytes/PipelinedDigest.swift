import Dispatch

/// An upload's checksums computed as its blocks arrive: CRC32C on the receiving thread, and MD5, the slowest
/// step of an upload, on a thread of its own one block behind, so that hashing a block overlaps receiving the
/// next. Without `background` (small bodies, where a thread costs more than it saves) both run inline.
final class PipelinedDigest: @unchecked Sendable {
    // `md5` is touched by one thread at a time: the background thread between `add` and the next `idle.wait()`.
    private var md5: MD5
    private var crc32c: CRC32C
    private let background: Bool
    private let idle = DispatchSemaphore(value: 1)

    /// Bodies at least this long hash MD5 in the background.
    static let backgroundThreshold: Int64 = 1 << 20

    init(_ digest: UploadDigest, length: Int64) {
        md5 = digest.md5
        crc32c = digest.crc32c
        background = length >= Self.backgroundThreshold
    }

    /// Hashes `block`, which must stay as it is, where it is, until the next `add`, `settle` or `finish`.
    func add(_ block: UnsafeRawBufferPointer) {
        crc32c.update(block)
        guard background else {
            md5.update(block)
            return
        }
        idle.wait()
        nonisolated(unsafe) let shared = block
        DispatchQueue.global().async { [self] in
            md5.update(shared)
            idle.signal()
        }
    }

    /// Waits until no block is being hashed: before the caller moves or reuses memory it added.
    func settle() {
        idle.wait()
        idle.signal()
    }

    /// The checksums of everything added.
    func finish() -> UploadDigest {
        settle()
        return UploadDigest(md5: md5, crc32c: crc32c)
    }
}

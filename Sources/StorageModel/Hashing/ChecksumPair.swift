import Dispatch

/// Feeds the same bytes to an MD5 and a CRC32C, on two cores when the bytes are many: the two passes are
/// independent, and the service's upload throughput is bounded by them.
enum ChecksumPair {
    /// Below this, a second thread costs more than it saves.
    static let parallelThreshold = 1 << 20

    static func update(md5: inout MD5, crc32c: inout CRC32C, with bytes: UnsafeRawBufferPointer) {
        guard bytes.count >= parallelThreshold else {
            md5.update(bytes)
            crc32c.update(bytes)
            return
        }
        let job = CRCJob(crc32c: crc32c, bytes: bytes)
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { job.run() }
        md5.update(bytes)
        done.wait()
        crc32c = job.crc32c
    }

    /// The CRC32C half, run on another thread. `bytes` stays valid because `update` waits for it. Unchecked
    /// Sendable: `crc32c` is written by the job alone and read only after the `DispatchGroup` wait.
    private final class CRCJob: @unchecked Sendable {
        var crc32c: CRC32C
        let bytes: UnsafeRawBufferPointer

        init(crc32c: CRC32C, bytes: UnsafeRawBufferPointer) {
            self.crc32c = crc32c
            self.bytes = bytes
        }

        func run() {
            crc32c.update(bytes)
        }
    }
}

import Dispatch
import Synchronization

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
        let crcHalf = Mutex(crc32c)
        // Read-only, and valid until `done.wait()` below returns: the other thread never outlives it.
        nonisolated(unsafe) let shared = bytes
        let done = DispatchGroup()
        DispatchQueue.global().async(group: done) { crcHalf.withLock { $0.update(shared) } }
        md5.update(bytes)
        done.wait()
        crc32c = crcHalf.withLock { $0 }
    }
}

import Foundation

/// An upload staged in memory, received straight into the storage the object will keep. A one-chunk upload of
/// bytes already in memory keeps them as they came, without a copy.
final class MemoryStaging: UploadStaging, @unchecked Sendable {
    private var adopted: Data?
    private var buffer: GrowingBytes?

    /// Bytes received into memory at a time, between checks of the body.
    private static let step = 1 << 20

    var count: Int64 { Int64(adopted?.count ?? buffer?.count ?? 0) }

    func receive(_ body: any UploadBody, digest: inout UploadDigest) throws(BackendError) {
        if count == 0, let data = body as? DataUploadBody {
            let bytes = data.unread
            bytes.withUnsafeBytes { digest.update($0) }
            adopted = bytes.startIndex == 0 ? bytes : bytes.withUnsafeBytes { Data($0) }
            return
        }
        let storage = try growable()
        let hashing = PipelinedDigest(digest, length: body.length)
        defer { digest = hashing.finish() }
        var remaining = body.length
        while remaining > 0 {
            let want = Int(min(remaining, Int64(max(Self.step, storage.count))))
            hashing.settle()  // the region may move
            guard let region = storage.extend(by: want) else { throw Self.outOfMemory }
            var filled = 0
            defer { storage.truncate(to: storage.count - want + filled) }
            while filled < want {
                let block = UnsafeMutableRawBufferPointer(rebasing: region[filled..<min(want, filled + Self.step)])
                guard try body.fill(block) == block.count else { throw Self.shortBody }
                hashing.add(UnsafeRawBufferPointer(block))
                filled += block.count
            }
            remaining -= Int64(want)
        }
    }

    func truncate(to count: Int64) throws(BackendError) {
        guard count < self.count else { return }
        let storage = try growable()
        storage.truncate(to: Int(count))
    }

    func seal() throws(BackendError) -> StoredBytes {
        defer { discard() }
        return .memory(adopted ?? buffer?.finish() ?? Data())
    }

    func discard() {
        adopted = nil
        buffer = nil
    }

    /// The growable buffer, holding any adopted bytes first.
    private func growable() throws(BackendError) -> GrowingBytes {
        if let buffer { return buffer }
        guard let storage = GrowingBytes(capacity: max(4096, adopted?.count ?? 0)) else { throw Self.outOfMemory }
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

import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An upload staged in a file of the data directory (`staging/ID`): bytes are hashed and written as they
/// arrive, through a buffer of fixed size, so memory does not grow with the upload.
final class FileStaging: UploadStaging, @unchecked Sendable {
    let path: String
    private let directory: DataDirectory
    private var descriptor: Int32
    private(set) var count: Int64

    /// Bytes read from a body before they are hashed and written.
    static let bufferSize = 1 << 20

    /// The staging file at `path`, created empty or kept with the `count` bytes it holds.
    init(path: String, directory: DataDirectory, keeping count: Int64 = 0) throws(BackendError) {
        self.path = path
        self.directory = directory
        self.count = count
        do {
            descriptor = try FileSystem.openFile(path, O_RDWR | O_CREAT)
        } catch {
            throw DataDirectory.failed(error)
        }
    }

    deinit {
        if descriptor >= 0 { close(descriptor) }
    }

    /// Receives into two buffers in turn: while one block is hashed, the next arrives into the other.
    func receive(_ body: any UploadBody, digest: inout UploadDigest) throws(BackendError) {
        let buffers = UnsafeMutableRawBufferPointer.allocate(byteCount: 2 * Self.bufferSize, alignment: 64)
        let hashing = PipelinedDigest(digest, length: body.length)
        defer {
            digest = hashing.finish()
            buffers.deallocate()
        }
        var remaining = body.length
        var turn = 0
        while remaining > 0 {
            let want = Int(min(remaining, Int64(Self.bufferSize)))
            let buffer = UnsafeMutableRawBufferPointer(
                rebasing: buffers[(turn * Self.bufferSize)..<(turn * Self.bufferSize + want)])
            guard try body.fill(buffer) == want else { throw MemoryStaging.shortBody }
            let bytes = UnsafeRawBufferPointer(buffer)
            hashing.add(bytes)  // waits for the block before, which was in the other buffer
            try append(bytes)
            remaining -= Int64(want)
            turn = 1 - turn
        }
    }

    private func append(_ bytes: UnsafeRawBufferPointer) throws(BackendError) {
        do {
            try FileSystem.write(descriptor, bytes, at: count, path: path)
        } catch {
            throw DataDirectory.failed(error)
        }
        count += Int64(bytes.count)
    }

    func truncate(to newCount: Int64) throws(BackendError) {
        guard newCount < count else { return }
        guard ftruncate(descriptor, off_t(newCount)) == 0 else {
            throw DataDirectory.failed(FileSystem.failure("ftruncate", path))
        }
        count = newCount
    }

    func seal() throws(BackendError) -> StoredBytes {
        do {
            try FileSystem.sync(descriptor, path: path)
        } catch {
            throw DataDirectory.failed(error)
        }
        close(descriptor)
        descriptor = -1
        return .file(try directory.publishBlob(from: path, size: count))
    }

    func discard() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
        FileSystem.remove(path)
    }
}

import Foundation
import Primitives
import StorageAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An upload staged in a file of the data directory (`staging/ID`): bytes are hashed and written as they
/// arrive, through a few buffers of fixed size used in turn, so memory does not grow with the upload.
final class FileStaging: UploadStaging, @unchecked Sendable {
    let path: String
    private let directory: DataDirectory
    private var descriptor: Int32
    private(set) var count: Int64
    /// The buffers bytes are read into before they are hashed and written; while one block is hashed, the next
    /// ones arrive into the others.
    private let buffers: UnsafeMutableRawBufferPointer
    private var turn = 0
    private let hasher = UploadHasher(depth: FileStaging.bufferCount - 1)

    static let bufferSize = 256 * 1024
    static let bufferCount = 4

    /// The staging file at `path`, created empty, or cut to its first `count` bytes, which are hashed again.
    init(path: String, directory: DataDirectory, keeping count: Int64 = 0) throws(BackendError) {
        self.path = path
        self.directory = directory
        self.count = 0
        buffers = UnsafeMutableRawBufferPointer.allocate(byteCount: Self.bufferCount * Self.bufferSize, alignment: 64)
        do {
            descriptor = try FileSystem.openFile(path, O_RDWR | O_CREAT)
        } catch {
            buffers.deallocate()
            throw DataDirectory.failed(error)
        }
        guard ftruncate(descriptor, off_t(count)) == 0 else {
            throw DataDirectory.failed(FileSystem.failure("ftruncate", path))
        }
        guard count > 0 else { return }
        let region = FileRegion(file: try OpenFile.reading(path), offset: 0, length: count)
        try FileRegionReader(region).forEachBlock { block in
            hasher.add(block)
            hasher.settle()  // the reader fills its one buffer again next
        }
        self.count = count
    }

    deinit {
        hasher.settle()
        buffers.deallocate()
        if descriptor >= 0 { close(descriptor) }
    }

    var digests: ObjectDigests { hasher.digests }

    func receive(_ body: any UploadBody) throws(BackendError) {
        hasher.beginChunk()
        let start = count
        do throws(BackendError) {
            var remaining = body.length
            while remaining > 0 {
                let want = Int(min(remaining, Int64(Self.bufferSize)))
                let buffer = UnsafeMutableRawBufferPointer(
                    rebasing: buffers[(turn * Self.bufferSize)..<(turn * Self.bufferSize + want)])
                guard try body.fill(buffer) == want else { throw MemoryStaging.shortBody }
                let bytes = UnsafeRawBufferPointer(buffer)
                hasher.add(bytes)  // waits while every other buffer is still being hashed
                try append(bytes)
                remaining -= Int64(want)
                turn = (turn + 1) % Self.bufferCount
            }
        } catch {
            hasher.abandonChunk()
            try? truncate(to: start)
            throw error
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

    /// Forgets the staged bytes past `newCount` (their checksums are the caller's to take back).
    func truncate(to newCount: Int64) throws(BackendError) {
        guard newCount < count else { return }
        guard ftruncate(descriptor, off_t(newCount)) == 0 else {
            throw DataDirectory.failed(FileSystem.failure("ftruncate", path))
        }
        count = newCount
    }

    func seal() throws(BackendError) -> StoredBytes {
        hasher.settle()
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

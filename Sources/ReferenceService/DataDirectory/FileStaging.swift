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
///
/// The file is open, and the buffers allocated, only while a chunk arrives (or the upload is sealed): a session
/// waiting for its next chunk holds no descriptor and no buffer, however many wait and however long.
final class FileStaging: UploadStaging, @unchecked Sendable {
    let path: String
    private let directory: DataDirectory
    private(set) var count: Int64
    private var turn = 0
    private let hasher = UploadHasher(depth: FileStaging.bufferCount - 1)

    static let bufferSize = 256 * 1024
    static let bufferCount = 4

    /// The staging file at `path`, created empty, or cut to its first `count` bytes, which are hashed again.
    init(path: String, directory: DataDirectory, keeping count: Int64 = 0) throws(BackendError) {
        self.path = path
        self.directory = directory
        self.count = 0
        let descriptor = try Self.open(path, O_RDWR | O_CREAT)
        defer { close(descriptor) }
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
    }

    private static func open(_ path: String, _ flags: Int32) throws(BackendError) -> Int32 {
        do {
            return try FileSystem.openFile(path, flags)
        } catch {
            throw DataDirectory.failed(error)
        }
    }

    var digests: ObjectDigests { hasher.digests }

    func receive(_ body: any UploadBody) throws(BackendError) {
        let descriptor = try Self.open(path, O_RDWR)
        let buffers = UnsafeMutableRawBufferPointer.allocate(
            byteCount: Self.bufferCount * Self.bufferSize, alignment: 64)
        defer {
            hasher.settle()  // no block of the buffers is still being hashed when they are freed
            buffers.deallocate()
            close(descriptor)
        }
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
                try append(bytes, to: descriptor)
                remaining -= Int64(want)
                turn = (turn + 1) % Self.bufferCount
            }
        } catch {
            hasher.abandonChunk()
            try? truncate(to: start)
            throw error
        }
    }

    private func append(_ bytes: UnsafeRawBufferPointer, to descriptor: Int32) throws(BackendError) {
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
        do {
            try FileSystem.cut(path, to: newCount)
        } catch {
            throw DataDirectory.failed(error)
        }
        count = newCount
    }

    func seal() throws(BackendError) -> StoredBytes {
        hasher.settle()
        let descriptor = try Self.open(path, O_RDWR)
        defer { close(descriptor) }
        do {
            try FileSystem.sync(descriptor, path: path)
        } catch {
            throw DataDirectory.failed(error)
        }
        return .file(try directory.publishBlob(from: path, size: count))
    }

    func discard() {
        FileSystem.remove(path)
    }
}

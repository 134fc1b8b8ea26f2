import Foundation
import Primitives
import StorageAPI

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An upload staged in a file of the data directory (`staging/ID`): bytes are hashed and written as they
/// arrive, through the few blocks of its hasher, so memory does not grow with the upload.
///
/// The file is open, and the blocks allocated, only while a chunk arrives (or the upload is sealed): a session
/// waiting for its next chunk holds no descriptor and no buffer, however many wait and however long. The count
/// and the hasher are behind the staging's own lock, which the one request receiving a chunk holds while it
/// arrives (a session hands its staging to one request at a time, so the lock is not contended).
final class FileStaging: UploadStaging {
    fileprivate struct Staged {
        var count: Int64 = 0
        var hasher = UploadHasher(depth: FileStaging.blockCount - 1)
    }

    let path: String
    private let directory: DataDirectory
    private let staged = Locked(Staged())

    /// Blocks in use while a chunk arrives: one being received, the others waiting for MD5.
    static let blockCount = 4

    /// The staging file at `path`, created empty, or cut to its first `count` bytes, which are hashed again.
    init(path: String, directory: DataDirectory, keeping count: Int64 = 0) throws(BackendError) {
        self.path = path
        self.directory = directory
        let descriptor = try Self.open(path, O_RDWR | O_CREAT)
        defer { close(descriptor) }
        guard ftruncate(descriptor, off_t(count)) == 0 else {
            throw DataDirectory.failed(FileSystem.failure("ftruncate", path))
        }
        guard count > 0 else { return }
        let kept = FileRegionReader(FileRegion(file: try OpenFile.reading(path), offset: 0, length: count))
        try staged.withLock { (staged: inout Staged) throws(BackendError) in
            staged.hasher.beginChunk()
            defer { staged.hasher.endChunk() }
            var remaining = count
            while remaining > 0 {
                let want = Int(min(remaining, Int64(UploadHasher.blockSize)))
                guard try staged.hasher.receive(want, from: kept, into: { _ in }) == want else {
                    throw MemoryStaging.shortBody
                }
                remaining -= Int64(want)
            }
            staged.count = count
        }
    }

    private static func open(_ path: String, _ flags: Int32) throws(BackendError) -> Int32 {
        do {
            return try FileSystem.openFile(path, flags)
        } catch {
            throw DataDirectory.failed(error)
        }
    }

    var count: Int64 { staged.withLock { $0.count } }

    var digests: ObjectDigests { staged.withLock { $0.hasher.digests } }

    func receive(_ body: any UploadBody) throws(BackendError) {
        let descriptor = try Self.open(path, O_RDWR)
        defer { close(descriptor) }
        try staged.withLock { (staged: inout Staged) throws(BackendError) in
            staged.hasher.beginChunk()
            defer { staged.hasher.endChunk() }
            let start = staged.count
            let length = body.length
            do throws(BackendError) {
                while staged.count - start < length {
                    let want = UploadHasher.step(received: staged.count - start, of: length)
                    let offset = staged.count
                    let arrived = try staged.hasher.receive(want, from: body) { (bytes) throws(BackendError) in
                        try append(bytes, at: offset, to: descriptor)
                    }
                    guard arrived == want else { throw MemoryStaging.shortBody }
                    staged.count += Int64(want)
                }
            } catch {
                staged.hasher.abandonChunk()
                try? truncate(to: start, from: &staged)
                throw error
            }
        }
    }

    private func append(_ bytes: UnsafeRawBufferPointer, at offset: Int64, to descriptor: Int32) throws(BackendError) {
        do {
            try FileSystem.write(descriptor, bytes, at: offset, path: path)
        } catch {
            throw DataDirectory.failed(error)
        }
    }

    /// Forgets the staged bytes past `newCount` (their checksums are the caller's to take back).
    private func truncate(to newCount: Int64, from staged: inout Staged) throws(BackendError) {
        guard newCount < staged.count else { return }
        do {
            try FileSystem.cut(path, to: newCount)
        } catch {
            throw DataDirectory.failed(error)
        }
        staged.count = newCount
    }

    func seal() throws(BackendError) -> StoredBytes {
        let count = try staged.withLock { (staged: inout Staged) throws(BackendError) -> Int64 in
            let descriptor = try Self.open(path, O_RDWR)
            defer { close(descriptor) }
            do {
                try FileSystem.sync(descriptor, path: path)
            } catch {
                throw DataDirectory.failed(error)
            }
            return staged.count
        }
        return .file(try directory.publishBlob(from: path, size: count))
    }

    func discard() {
        FileSystem.remove(path)
    }
}

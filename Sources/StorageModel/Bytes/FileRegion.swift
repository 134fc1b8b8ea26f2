import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// An open file, closed when the last region that reads it is released. A file removed while open stays
/// readable through it, so a read never sees an object's bytes vanish when the object is replaced.
public final class OpenFile: Sendable {
    public let descriptor: Int32

    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    /// Opens `path` for reading; 404 when it is missing, 500 for any other failure.
    static func reading(_ path: String) throws(BackendError) -> OpenFile {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            let code = errno
            if code == ENOENT { throw .notFound("Not Found. The object's bytes are gone.") }
            if code == EMFILE || code == ENFILE {
                throw BackendError(status: 503, "The server has too many files open; try again shortly.")
            }
            throw BackendError(status: 500, "Cannot open \(path): \(String(cString: strerror(code))).")
        }
        return OpenFile(descriptor: descriptor)
    }

    deinit {
        close(descriptor)
    }
}

/// A run of bytes in an open file: what a disk-backed service reads, for a server to send without loading it.
public struct FileRegion: Sendable, Equatable {
    public let file: OpenFile
    public let offset: Int64
    public let length: Int64

    public init(file: OpenFile, offset: Int64, length: Int64) {
        self.file = file
        self.offset = offset
        self.length = length
    }

    /// Two regions are equal when they are the same run of the same open file.
    public static func == (left: FileRegion, right: FileRegion) -> Bool {
        left.file === right.file && left.offset == right.offset && left.length == right.length
    }

    /// The region without its first `count` bytes.
    public func dropFirst(_ count: Int64) -> FileRegion {
        let dropped = max(0, min(count, length))
        return FileRegion(file: file, offset: offset + dropped, length: length - dropped)
    }

    /// The region's bytes, in memory.
    public func load() throws(BackendError) -> Data {
        try FileRegionReader(self).readAll()
    }
}

/// Reads a file region from its start, as an upload body (a copy of a disk-backed object).
public final class FileRegionReader: UploadBody {
    private let region: FileRegion
    private var position: Int64 = 0

    public init(_ region: FileRegion) {
        self.region = region
    }

    public var length: Int64 { region.length }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws(BackendError) -> Int {
        let wanted = Int(min(Int64(buffer.count), region.length - position))
        guard wanted > 0, let base = buffer.baseAddress else { return 0 }
        while true {
            let count = pread(region.file.descriptor, base, wanted, off_t(region.offset + position))
            if count > 0 {
                position += Int64(count)
                return count
            }
            if count < 0, errno == EINTR { continue }
            let reason = count == 0 ? "the file is shorter than its object" : String(cString: strerror(errno))
            throw BackendError(status: 500, "Cannot read an object's bytes: \(reason).")
        }
    }
}

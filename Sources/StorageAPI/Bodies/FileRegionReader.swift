import Foundation
import Primitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension OpenFile {
    /// Opens `path` for reading; 404 when it is missing, 500 for any other failure.
    package static func reading(_ path: String) throws(BackendError) -> OpenFile {
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
}

extension FileRegion {
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
        do {
            let count = try region.read(at: position, into: buffer)
            position += Int64(count)
            return count
        } catch {
            throw BackendError(status: 500, "Cannot read an object's bytes: \(error.reason).")
        }
    }
}

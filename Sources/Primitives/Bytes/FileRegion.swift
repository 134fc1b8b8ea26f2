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

    public init(descriptor: Int32) {
        self.descriptor = descriptor
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

    /// Reads up to `buffer.count` of the region's bytes from `position` (counted from the region's start) and
    /// returns how many it read: 0 at the region's end. Throws why the system could not read them, or that the
    /// file ends before the region does.
    package func read(at position: Int64, into buffer: UnsafeMutableRawBufferPointer) throws(FileRegionError) -> Int {
        let wanted = Int(min(Int64(buffer.count), max(0, length - position)))
        guard wanted > 0, let base = buffer.baseAddress else { return 0 }
        while true {
            let count = pread(file.descriptor, base, wanted, off_t(offset + position))
            if count > 0 { return count }
            if count < 0, errno == EINTR { continue }
            throw FileRegionError(
                reason: count == 0 ? "the file is shorter than its object" : String(cString: strerror(errno)))
        }
    }

    /// Fills `buffer` from the region's start; false when the bytes cannot all be read.
    package func copy(into buffer: UnsafeMutableRawBufferPointer) -> Bool {
        var filled = 0
        while filled < buffer.count {
            guard
                let count = try? read(
                    at: Int64(filled), into: UnsafeMutableRawBufferPointer(rebasing: buffer[filled...])),
                count > 0
            else { return false }
            filled += count
        }
        return true
    }
}

/// Why a file region's bytes could not be read.
package struct FileRegionError: Error, Sendable {
    package var reason: String
}

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole buffers to a POSIX file descriptor, retrying short and interrupted writes.
package enum FileDescriptorWriting {
    /// Writes every byte, at the file's position or, given `position`, from there (`pwrite`); returns nil on
    /// success, or the reason the write stopped.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32, at position: Int64? = nil)
        -> String?
    {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let rest = buffer.count - offset
            let written =
                position.map { pwrite(descriptor, base + offset, rest, off_t($0) + off_t(offset)) }
                ?? systemWrite(descriptor, base + offset, rest)
            if written > 0 {
                offset += written
            } else if written < 0, errno == EINTR {
                continue
            } else {
                return written < 0 ? String(cString: strerror(errno)) : "no bytes could be written"
            }
        }
        return nil
    }

    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
        Glibc.write(descriptor, bytes, count)
        #else
        Darwin.write(descriptor, bytes, count)
        #endif
    }
}

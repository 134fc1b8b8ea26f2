#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Writes whole buffers to a POSIX file descriptor, retrying short and interrupted writes.
enum FileDescriptorWriting {
    /// Writes every byte; returns nil on success, or the reason the write stopped.
    static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        guard let base = buffer.baseAddress else { return nil }
        var offset = 0
        while offset < buffer.count {
            let written = systemWrite(descriptor, base + offset, buffer.count - offset)
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

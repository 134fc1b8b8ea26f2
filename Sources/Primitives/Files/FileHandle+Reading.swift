import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension FileHandle {
    /// What the pipe or file has now, waiting for at least a byte: empty at its end or on an error. Unlike
    /// `availableData`, a read interrupted by a signal is retried instead of ending the process.
    package func readAvailable(upTo count: Int = 64 * 1024) -> Data {
        var buffer = Data(count: count)
        let read = buffer.withUnsafeMutableBytes { bytes -> Int in
            while true {
                let result = systemRead(fileDescriptor, bytes.baseAddress, bytes.count)
                if result >= 0 || errno != EINTR { return result }
            }
        }
        guard read > 0 else { return Data() }
        buffer.count = read
        return buffer
    }
}

private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int) -> Int {
    #if canImport(Glibc)
    Glibc.read(descriptor, buffer, count)
    #else
    Darwin.read(descriptor, buffer, count)
    #endif
}

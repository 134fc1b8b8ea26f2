#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Wakes a thread waiting in a poller from another thread: a non-blocking pipe whose read end becomes
/// readable on `wake()` until `drain()` empties it. Wakes that come while one is pending merge into it.
final class WakeSignal: Sendable {
    /// The read end, to watch in the waiting thread's poller.
    let descriptor: Int32
    private let writeDescriptor: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HTTPServerError.systemCallFailed("pipe", code: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
        }
        descriptor = ends[0]
        writeDescriptor = ends[1]
    }

    deinit {
        close(descriptor)
        close(writeDescriptor)
    }

    /// Makes the read end readable; never blocks (a full pipe is readable already).
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    /// Empties the pipe, so the read end stays quiet until the next `wake()`.
    func drain() {
        var scratch = (UInt64(0), UInt64(0), UInt64(0), UInt64(0))
        while withUnsafeMutableBytes(of: &scratch, { read(descriptor, $0.baseAddress, $0.count) }) > 0 {}
    }
}

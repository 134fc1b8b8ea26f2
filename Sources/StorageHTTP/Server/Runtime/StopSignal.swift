#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A level-triggered "stop now" flag that `poll()` can wait on: a pipe whose read end becomes readable,
/// and stays readable, once `fire()` is called.
///
/// The descriptors are closed when the last thread holding this object lets it go, so a thread that
/// outlives `stop()` never polls a recycled descriptor.
final class StopSignal: Sendable {
    /// The read end; include it in a `poll()` to wake up on stop.
    let descriptor: Int32
    private let writeDescriptor: Int32

    init() throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw HTTPServerError.systemCallFailed("pipe", code: errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        descriptor = ends[0]
        writeDescriptor = ends[1]
    }

    /// Waits up to `milliseconds`; true when the signal fired meanwhile (or had already).
    func wait(milliseconds: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(clamping: milliseconds)) > 0
    }

    func fire() {
        var byte: UInt8 = 1
        _ = write(writeDescriptor, &byte, 1)
    }

    deinit {
        close(descriptor)
        close(writeDescriptor)
    }
}

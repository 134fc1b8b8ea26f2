#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A level-triggered "stop now" flag that `poll()` can wait on: a `WakeSignal` never drained, whose read end
/// becomes readable, and stays readable, once `fire()` is called.
///
/// The descriptors are closed when the last thread holding this object lets it go, so a thread that
/// outlives `stop()` never polls a recycled descriptor.
final class StopSignal: Sendable {
    private let signal: WakeSignal

    /// The read end; include it in a `poll()` to wake up on stop.
    var descriptor: Int32 { signal.descriptor }

    init() throws {
        signal = try WakeSignal()
    }

    /// Waits up to `milliseconds`; true when the signal fired meanwhile (or had already).
    func wait(milliseconds: Int) -> Bool {
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, Int32(clamping: milliseconds)) > 0
    }

    func fire() {
        signal.wake()
    }
}

import Foundation

/// A value behind a plain mutex (`pthread_mutex`, through `NSLock`), for state that many threads touch
/// on every request.
///
/// `Synchronization.Mutex` is a priority-inheritance futex on Linux: correct, but under contention each
/// hand-over goes through the kernel's rt-mutex path, which measured as a third of the server's time on
/// small requests. This lock hands over through an ordinary futex. Unchecked Sendable: the value is reached
/// only inside `withLock`, with the lock held.
package final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}

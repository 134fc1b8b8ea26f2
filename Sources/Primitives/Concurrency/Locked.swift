import Foundation

/// A value behind a plain mutex (`pthread_mutex`, through `NSCondition`), for state that many threads touch
/// on every request, with a condition to wait on while the lock is held.
///
/// `Synchronization.Mutex` is a priority-inheritance futex on Linux: correct, but under contention each
/// hand-over goes through the kernel's rt-mutex path, which measured as a third of the server's time on
/// small requests. This lock hands over through an ordinary futex. Unchecked Sendable: the value is reached
/// only inside `withLock`, with the lock held.
package final class Locked<Value>: @unchecked Sendable {
    /// The lock's condition, for use only inside `withCondition` (it waits with the lock held and releases
    /// it while asleep).
    package struct Condition {
        fileprivate let condition: NSCondition

        /// Sleeps until `broadcast()` or `deadline`; false when the deadline passed. Wake-ups can be
        /// spurious: look at the value again.
        package func wait(until deadline: Date) -> Bool {
            Locked.wait(on: condition, until: deadline)
        }

        package func broadcast() {
            condition.broadcast()
        }
    }

    private let condition = NSCondition()
    private var value: Value

    package init(_ value: Value) {
        self.value = value
    }

    package func withLock<Result, Failure: Error>(_ body: (inout Value) throws(Failure) -> Result) throws(Failure)
        -> Result
    {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value)
    }

    /// Waits, with the lock released while asleep, until `ready` holds for the value or `deadline` passes, then
    /// runs `body` on the value with the lock held (`ready` says which). The value is read afresh after every
    /// wake-up: a loop over an `inout` value inside `withCondition` may see a copy that never changes.
    package func wait<Result>(
        until deadline: Date, for ready: (Value) -> Bool, then body: (inout Value, _ ready: Bool) -> Result
    ) -> Result {
        condition.lock()
        defer { condition.unlock() }
        var isReady = ready(value)
        while !isReady {
            let woken = Self.wait(on: condition, until: deadline)
            isReady = ready(value)
            if !woken { break }
        }
        return body(&value, isReady)
    }

    /// Waits on `condition` until `deadline`: false when it passed. `NSCondition` on Linux traps on a deadline
    /// too far to count in nanoseconds since 1970 (`Date.distantFuture`); one past a day from now is waited
    /// for a day at a time, each day's end a spurious wake-up.
    private static func wait(on condition: NSCondition, until deadline: Date) -> Bool {
        let horizon = Date(timeIntervalSinceNow: 86_400)
        guard deadline < horizon else {
            _ = condition.wait(until: horizon)
            return true
        }
        return condition.wait(until: deadline)
    }

    /// `withLock`, with the condition for waiting on the value or waking its waiters.
    package func withCondition<Result, Failure: Error>(
        _ body: (inout Value, Condition) throws(Failure) -> Result
    ) throws(Failure) -> Result {
        condition.lock()
        defer { condition.unlock() }
        return try body(&value, Condition(condition: condition))
    }
}

import Foundation

/// Runs the work of a `Storage` instance's tasks one item at a time, in the order it was queued, and only
/// while someone waits (`StorageObservableTask.wait()` and friends).
///
/// This is what makes runs reproducible: a task never advances behind the caller's back, a handler runs
/// inline on the thread that runs the work, and anything a handler does (pause, cancel) takes effect
/// before the task's next chunk. Several threads may wait at once; one of them runs the work and the
/// others wait for it.
///
/// Unchecked Sendable: the queue, its head and the owner are read and written only with `condition` locked.
final class StorageTaskScheduler: @unchecked Sendable {
    private let condition = NSCondition()
    private var queue: [() -> Void] = []
    private var head = 0
    private var owner: pthread_t?

    func enqueue(_ work: @escaping () -> Void) {
        condition.lock()
        queue.append(work)
        condition.broadcast()
        condition.unlock()
    }

    /// Wakes waiters so they look at their condition again (a task changed state outside queued work).
    func signal() {
        condition.lock()
        condition.broadcast()
        condition.unlock()
    }

    /// Runs queued work on this thread until `isDone()` holds, and returns true.
    ///
    /// When the queue is empty and nobody else is running work: with `waitForOthers`, waits (until
    /// `deadline`) for another thread to queue work or change a task; otherwise returns false at once,
    /// because nothing this thread can do will ever make `isDone()` hold.
    /// `isDone` is called with the scheduler's lock held, so it must not queue work.
    func run(until isDone: () -> Bool, waitForOthers: Bool, deadline: Date = .distantFuture) -> Bool {
        let me = pthread_self()
        condition.lock()
        defer { condition.unlock() }
        while !isDone() {
            if let owner, pthread_equal(owner, me) == 0 {
                if !condition.wait(until: deadline) { return isDone() }
                continue
            }
            if head < queue.count {
                let work = queue[head]
                head += 1
                if head == queue.count {
                    queue.removeAll(keepingCapacity: true)
                    head = 0
                }
                let previousOwner = owner
                owner = me
                condition.unlock()
                work()
                condition.lock()
                owner = previousOwner
                condition.broadcast()
                continue
            }
            if !waitForOthers { return false }
            if !condition.wait(until: deadline) { return isDone() }
        }
        return true
    }
}

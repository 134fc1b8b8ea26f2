import Foundation
import Primitives

/// Runs the work of a `Storage` instance's tasks one item at a time, in the order it was queued, and only
/// while someone waits (`StorageObservableTask.wait()` and friends).
///
/// This is what makes runs reproducible: a task never advances behind the caller's back, a handler runs
/// inline on the thread that runs the work, and anything a handler does (pause, cancel) takes effect
/// before the task's next chunk. Several threads may wait at once; one of them runs the work and the
/// others wait for it.
final class StorageTaskScheduler: Sendable {
    /// The queue and who is running its work.
    private struct Queue {
        var items: [@Sendable () -> Void] = []
        var head = 0
        var owner: pthread_t?

        mutating func next() -> (@Sendable () -> Void)? {
            guard head < items.count else { return nil }
            let work = items[head]
            head += 1
            if head == items.count {
                items.removeAll(keepingCapacity: true)
                head = 0
            }
            return work
        }
    }

    /// What a waiting thread does next.
    private enum Turn {
        case run(@Sendable () -> Void, previousOwner: pthread_t?)
        case done(Bool)
    }

    private let queue = Locked(Queue())

    /// Queues `work`, which runs on whichever thread waits next: it must be `Sendable`.
    func enqueue(_ work: @escaping @Sendable () -> Void) {
        queue.withCondition { queue, condition in
            queue.items.append(work)
            condition.broadcast()
        }
    }

    /// Wakes waiters so they look at their condition again (a task changed state outside queued work).
    func signal() {
        queue.withCondition { _, condition in condition.broadcast() }
    }

    /// Runs queued work on this thread until `isDone()` holds, and returns true.
    ///
    /// When the queue is empty and nobody else is running work: with `waitForOthers`, waits (until
    /// `deadline`) for another thread to queue work or change a task; otherwise returns false at once,
    /// because nothing this thread can do will ever make `isDone()` hold.
    /// `isDone` is called with the scheduler's lock held, so it must not queue work.
    func run(until isDone: () -> Bool, waitForOthers: Bool, deadline: Date = .distantFuture) -> Bool {
        let me = pthread_self()
        var finished: pthread_t?? = nil
        while true {
            let turn = queue.withCondition { queue, condition -> Turn in
                if let previousOwner = finished {
                    queue.owner = previousOwner
                    condition.broadcast()
                }
                while !isDone() {
                    if let owner = queue.owner, pthread_equal(owner, me) == 0 {
                        if !condition.wait(until: deadline) { return .done(isDone()) }
                        continue
                    }
                    if let work = queue.next() {
                        let previousOwner = queue.owner
                        queue.owner = me
                        return .run(work, previousOwner: previousOwner)
                    }
                    if !waitForOthers { return .done(false) }
                    if !condition.wait(until: deadline) { return .done(isDone()) }
                }
                return .done(true)
            }
            switch turn {
            case .done(let result):
                return result
            case .run(let work, let previousOwner):
                work()
                finished = .some(previousOwner)
            }
        }
    }
}

import Dispatch
import Primitives
import Synchronization

/// The threads that serve connections while serving them means waiting (bodies that arrive slowly, handlers
/// that block, responses larger than the socket takes at once), so that no event loop ever waits.
///
/// A thread that finishes its work waits up to `idleLifetime` for more before it ends, so a steady stream of
/// such requests reuses threads instead of starting one each. At most one thread per connection is busy.
final class ConnectionThreads: Sendable {
    /// An idle thread's mailbox: the work handed to it, and the semaphore it sleeps on.
    private final class Mailbox: Sendable {
        let wakeUp = DispatchSemaphore(value: 0)
        let work = Mutex<(@Sendable () -> Void)?>(nil)
    }

    private struct State {
        var idle: [Mailbox] = []
        var stopped = false
    }

    private let state = Locked(State())
    let idleLifetime: DispatchTimeInterval

    init(idleLifetime: DispatchTimeInterval = .seconds(10)) {
        self.idleLifetime = idleLifetime
    }

    /// Runs `work` on an idle thread, or a new one; false when the system refuses to start a thread.
    func run(_ work: @escaping @Sendable () -> Void) -> Bool {
        if let mailbox = state.withLock({ $0.idle.popLast() }) {
            mailbox.work.withLock { $0 = work }
            mailbox.wakeUp.signal()
            return true
        }
        return DetachedThread.start { [self] in serve(first: work) }
    }

    /// Lets every idle thread end now, and every busy one when its work is done.
    func stop() {
        let idle = state.withLock { state in
            state.stopped = true
            defer { state.idle.removeAll() }
            return state.idle
        }
        for mailbox in idle { mailbox.wakeUp.signal() }
    }

    private func serve(first: @escaping @Sendable () -> Void) {
        let mailbox = Mailbox()
        var next: (@Sendable () -> Void)? = first
        while let work = next {
            work()
            let parked = state.withLock { state in
                guard !state.stopped else { return false }
                state.idle.append(mailbox)
                return true
            }
            guard parked else { return }
            if mailbox.wakeUp.wait(timeout: .now() + idleLifetime) == .timedOut {
                let retired = state.withLock { state in
                    guard let position = state.idle.firstIndex(where: { $0 === mailbox }) else { return false }
                    state.idle.remove(at: position)
                    return true
                }
                if retired { return }
                mailbox.wakeUp.wait()  // work was handed over as the wait ran out: its signal is on the way
            }
            next = mailbox.work.withLock { work in
                defer { work = nil }
                return work
            }
        }
    }
}

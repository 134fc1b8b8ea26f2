import Foundation

/// A transfer that can be paused, resumed, cancelled and observed: the base of `StorageUploadTask` and
/// `StorageDownloadTask` (the SDK's `StorageObservableTask`).
///
/// Events, in order: `resume` when the task starts, a `progress` per acknowledged chunk, `pause` at once
/// when paused, `resume` again when resumed, then exactly one `success` or `failure` (`cancelled` on
/// cancel), and nothing after it. A task that cannot start (a root path, an unreadable file) fails without
/// a `resume`. Observers run inline, in the order they were added, one event at a time; after the terminal
/// event every observer is removed. An observer added after `success` (or a service failure) is called
/// once with the final snapshot; one added after a cancel never is.
///
/// The task's work runs on its storage's scheduler while someone waits (`wait(timeout:)`,
/// `Storage.runPendingWork(until:)`), so what a handler does takes effect before the next chunk.
///
/// The lifecycle is one `TaskState` value; its transitions say which events to deliver, and the task delivers
/// them outside its lock. Unchecked Sendable: that state and the observers live in one `Locked`; the
/// transfer's own state (in the subclasses) is touched only by the scheduler's work, one item at a time.
public class StorageObservableTask: @unchecked Sendable {
    /// What one step of the transfer came to.
    enum StepOutcome {
        case progressed(StorageProgress)
        case finished(StorageProgress, metadata: StorageMetadata?)
        case failed(StorageError)
    }

    private struct Observer {
        let handle: String
        let status: StorageTaskStatus
        let handler: @Sendable (StorageTaskSnapshot) -> Void
    }

    /// The task's state and who hears of it, with the events waiting to be delivered, in order.
    private struct Shared {
        var state: TaskState
        var observers: [Observer] = []
        var taps: [@Sendable (StorageTaskSnapshot) -> Void] = []
        var outbox: [StorageTaskSnapshot] = []
        var delivering = false
    }

    public let reference: StorageReference
    let scheduler: StorageTaskScheduler
    private let shared: Locked<Shared>

    init(reference: StorageReference, progress: StorageProgress, metadata: StorageMetadata?) {
        self.reference = reference
        self.scheduler = reference.storage.scheduler
        shared = Locked(Shared(state: TaskState(progress: progress, metadata: metadata)))
    }

    // MARK: Hooks for the concrete tasks (run on the scheduler, one at a time, never under the lock)

    /// Checks that the task can start at all; an error fails it without a `resume` event.
    func prepare() -> StorageError? { nil }

    /// Moves the transfer on by one chunk. `resuming` is true on the first step after a resume, when the
    /// task must learn again where the service stands.
    func transferStep(resuming: Bool) -> StepOutcome {
        .failed(.internalError("transferStep is not implemented"))
    }

    /// Lets go of what the transfer holds (tells the service, removes partial files) after a cancel.
    func abandonTransfer() {}

    // MARK: Control

    func start() {
        scheduler.enqueue { [self] in begin() }
    }

    /// Pauses a running (or not yet started) task: `pause` fires at once and no further chunk is sent.
    /// Anything else: nothing happens.
    public func pause() {
        perform { $0.pause() }
    }

    /// Resumes a paused task: `resume` fires and the transfer continues where the service stands.
    /// A task that is not paused: nothing happens.
    public func resume() {
        perform { $0.resume() }
    }

    /// Cancels the task unless it has ended: `failure` fires with `cancelled`, and the service is told.
    public func cancel() {
        let cancelled = StorageError.cancelled(bucket: reference.bucket, object: reference.storagePath.object)
        perform { $0.cancel(cancelled) }
    }

    // MARK: Observing

    /// Calls `handler` for every later event with `status`; returns a handle for `removeObserver`.
    /// `.unknown` never fires, so observing it registers nothing.
    @discardableResult
    public func observe(_ status: StorageTaskStatus, handler: @escaping @Sendable (StorageTaskSnapshot) -> Void)
        -> String
    {
        let handle = UUID().uuidString
        guard status != .unknown else { return handle }
        let catchUp = shared.withLock { shared -> StorageTaskSnapshot? in
            let phase = shared.state.phase
            guard phase.isTerminal else {
                shared.observers.append(Observer(handle: handle, status: status, handler: handler))
                return nil
            }
            let caughtUp = (status == .success && phase == .succeeded) || (status == .failure && phase == .failed)
            return caughtUp ? makeSnapshot(status, of: shared.state) : nil
        }
        if let catchUp { handler(catchUp) }
        return handle
    }

    /// Calls `handler` for every later event, before the observers, until the task ends. Unlike an
    /// observer it is never removed (`removeAllObservers()` leaves it): made for harnesses and logs that
    /// must see everything. Not part of the SDK's surface.
    public func tap(_ handler: @escaping @Sendable (StorageTaskSnapshot) -> Void) {
        shared.withLock { $0.taps.append(handler) }
    }

    public func removeObserver(withHandle handle: String) {
        shared.withLock { $0.observers.removeAll { $0.handle == handle } }
    }

    public func removeAllObservers(for status: StorageTaskStatus) {
        shared.withLock { $0.observers.removeAll { $0.status == status } }
    }

    public func removeAllObservers() {
        shared.withLock { $0.observers.removeAll() }
    }

    /// The task's current state.
    public var snapshot: StorageTaskSnapshot {
        shared.withLock { makeSnapshot($0.state.currentStatus, of: $0.state) }
    }

    /// True once the terminal event and everything it set off (callbacks, telling the service of a
    /// cancel) are done.
    public var isFinished: Bool {
        shared.withLock {
            $0.state.phase.isTerminal && $0.outbox.isEmpty && !$0.delivering && !$0.state.cleanupPending
        }
    }

    /// Runs the storage's work until this task has finished, waiting for other threads when the work runs
    /// out (a paused task needs someone to resume it). Returns false if `timeout` passed first.
    /// Never call it from a handler of this same task: the task cannot finish while its handler waits.
    @discardableResult
    public func wait(timeout: TimeInterval? = nil) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture
        return scheduler.run(until: { isFinished }, waitForOthers: true, deadline: deadline)
    }

    // MARK: Internals for the concrete tasks

    /// Nil until the task has ended; then whether it succeeded, or its error.
    var ending: Result<Void, StorageError>? {
        shared.withLock { shared in
            switch shared.state.phase {
            case .succeeded: .success(())
            case .failed, .cancelled:
                .failure(shared.state.error ?? .internalError("The task failed without an error."))
            default: nil
            }
        }
    }

    /// Sets the total before the task starts (a file's size is known once it has been read).
    func setTotal(_ total: Int64) {
        shared.withLock { $0.state.progress.totalUnitCount = total }
    }

    private func makeSnapshot(_ status: StorageTaskStatus, of state: TaskState) -> StorageTaskSnapshot {
        StorageTaskSnapshot(
            status: status, progress: state.progress, error: status == .failure ? state.error : nil,
            metadata: state.metadata, reference: reference, task: self)
    }

    private func begin() {
        guard shared.withLock({ $0.state.begin() }) else { return }
        let problem = prepare()
        perform { $0.prepared(problem) }
    }

    private func step(epoch stepEpoch: Int) {
        let (runs, resuming) = shared.withLock { $0.state.stepStarts(epoch: stepEpoch) }
        guard runs else { return }
        let outcome = transferStep(resuming: resuming)
        perform { $0.stepEnded(epoch: stepEpoch, outcome) }
        if case .finished(_, let metadata) = outcome, shared.withLock({ $0.state.phase == .completing }) {
            // The last progress still carries the request's metadata, as in the SDK; success the service's.
            perform { $0.succeed(metadata: metadata) }
        }
    }

    /// Runs a transition under the lock, then does what it asks: delivers its events in order and queues
    /// the work it calls for.
    private func perform(_ transition: (inout TaskState) -> TaskState.Effects) {
        let effects = shared.withLock { shared in
            let effects = transition(&shared.state)
            for status in effects.events { shared.outbox.append(makeSnapshot(status, of: shared.state)) }
            return effects
        }
        if effects.start {
            start()
            return
        }
        if !effects.events.isEmpty { deliver() }
        if let stepEpoch = effects.stepEpoch {
            scheduler.enqueue { [self] in step(epoch: stepEpoch) }
        }
        if effects.abandon {
            scheduler.enqueue { [self] in
                abandonTransfer()
                shared.withLock { $0.state.finishCleanup() }
                scheduler.signal()
            }
        }
    }

    /// Delivers the queued events in order, unless an event of this task is being delivered already (a
    /// handler paused it, say): then that delivery goes on to the new events.
    private func deliver() {
        let claimed = shared.withLock { shared -> Bool in
            guard !shared.delivering else { return false }
            shared.delivering = true
            return true
        }
        guard claimed else { return }
        while let (event, handlers) = nextDelivery() {
            for handler in handlers { handler(event) }
            if event.status == .success || event.status == .failure {
                shared.withLock {
                    $0.observers.removeAll()
                    $0.taps.removeAll()
                }
            }
        }
    }

    /// The next queued event with the handlers it goes to; nil (and delivery over) when none is left.
    private func nextDelivery() -> (StorageTaskSnapshot, [@Sendable (StorageTaskSnapshot) -> Void])? {
        shared.withLock { shared in
            guard !shared.outbox.isEmpty else {
                shared.delivering = false
                return nil
            }
            let event = shared.outbox.removeFirst()
            return (event, shared.taps + shared.observers.filter { $0.status == event.status }.map(\.handler))
        }
    }
}

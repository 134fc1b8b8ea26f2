import Foundation
import Primitives

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
/// them outside its lock. The upload or download itself is a `StorageTransfer` the task drives.
///
/// Unchecked Sendable: the state and the observers live in one `Locked`; the transfer is touched only by the
/// scheduler's work, one item at a time (a non-final class cannot have its conformance checked).
public class StorageObservableTask: @unchecked Sendable {

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
        var retryTaps: [@Sendable (RetryWait) -> Void] = []
        /// Retry waits so far, over every step: `RetryWait.retry` counts on from here.
        var retries = 0
        var outbox: [StorageTaskSnapshot] = []
        var delivering = false
    }

    public let reference: StorageReference
    private let scheduler: StorageTaskScheduler
    private let transfer: any StorageTransfer
    private let shared: Locked<Shared>

    init(
        reference: StorageReference, transfer: any StorageTransfer, progress: StorageProgress,
        metadata: StorageMetadata?
    ) {
        self.reference = reference
        self.scheduler = reference.storage.scheduler
        self.transfer = transfer
        shared = Locked(Shared(state: TaskState(progress: progress, metadata: metadata)))
    }

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

    /// Calls `handler` each time the task's client is about to wait before trying a request again, on the
    /// thread that runs the task's work, before the wait. Retry waits deliver no event in the SDK; this is
    /// for harnesses that act or log at that moment. A pause or cancel from the handler stops the wait.
    public func tapRetries(_ handler: @escaping @Sendable (RetryWait) -> Void) {
        shared.withLock { $0.retryTaps.append(handler) }
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

    /// Nil until the task has ended; then what its transfer produced (picked by `value`), or its error.
    func outcome<Value>(_ value: (TransferProduct) -> Value?) -> Result<Value, StorageError>? {
        let (phase, error, product) = shared.withLock { ($0.state.phase, $0.state.error, $0.state.product) }
        switch phase {
        case .succeeded:
            guard let product, let value = value(product) else {
                return .failure(.internalError("The task succeeded without a result."))
            }
            return .success(value)
        case .failed, .cancelled:
            return .failure(error ?? .internalError("The task failed without an error."))
        default:
            return nil
        }
    }

    private func makeSnapshot(_ status: StorageTaskStatus, of state: TaskState) -> StorageTaskSnapshot {
        StorageTaskSnapshot(
            status: status, progress: state.progress, error: status == .failure ? state.error : nil,
            metadata: state.metadata, reference: reference, task: self)
    }

    private func begin() {
        guard shared.withLock({ $0.state.begin() }) else { return }
        let prepared = transfer.prepare()
        perform { $0.prepared(prepared) }
    }

    private func step(epoch stepEpoch: Int) {
        let (runs, resuming) = shared.withLock { $0.state.stepStarts(epoch: stepEpoch) }
        guard runs else { return }
        let retries = RetryObserver(
            isStopped: { [self] in !shared.withLock { $0.state.stepWanted(epoch: stepEpoch) } },
            willWait: { [self] wait in
                let (taps, count) = shared.withLock { shared in
                    shared.retries += 1
                    return (shared.retryTaps, shared.retries)
                }
                var counted = wait
                counted.retry = count
                for tap in taps { tap(counted) }
            })
        let outcome = transfer.step(resuming: resuming, retries: retries)
        perform { $0.stepEnded(epoch: stepEpoch, outcome) }
        if case .finished(_, let product) = outcome, shared.withLock({ $0.state.phase == .completing }) {
            // The last progress still carries the request's metadata, as in the SDK; success the service's.
            perform { $0.succeed(with: product) }
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
                transfer.abandon()
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

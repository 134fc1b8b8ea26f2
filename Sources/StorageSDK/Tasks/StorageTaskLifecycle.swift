import Foundation
import Primitives
import StorageAPI

/// What every task shares: its `TaskState` and its observers behind one lock, and the `StorageTransfer` it drives
/// on its storage's scheduler. The public task types (`StorageUploadTask`, `StorageDownloadTask`) each wrap one
/// and reach it through `StorageObservableTask`'s extension, passing themselves along for the snapshots.
///
/// The lifecycle is one `TaskState` value; its transitions say which events to deliver, and the lifecycle
/// delivers them outside its lock.
///
/// Unchecked Sendable: the state and the observers live in one `Locked`; the transfer, which is not Sendable, is
/// touched only by the scheduler's work, one item at a time, whichever thread runs it.
public final class StorageTaskLifecycle: @unchecked Sendable {
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
        /// The steps under way, each with what ends its retry waits once a pause or cancel overtakes it.
        var runningSteps: [(epoch: Int, stop: SleepInterruption)] = []

        /// Takes out the running steps that are no longer wanted, to be interrupted.
        mutating func overtakenSteps() -> [SleepInterruption] {
            let overtaken = runningSteps.filter { !state.stepWanted(epoch: $0.epoch) }
            runningSteps.removeAll { !state.stepWanted(epoch: $0.epoch) }
            return overtaken.map(\.stop)
        }
    }

    let reference: StorageReference
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

    func start(_ task: any StorageObservableTask) {
        scheduler.enqueue { [self] in begin(task) }
    }

    func pause(_ task: any StorageObservableTask) {
        perform(task) { $0.pause() }
    }

    func resume(_ task: any StorageObservableTask) {
        perform(task) { $0.resume() }
    }

    func cancel(_ task: any StorageObservableTask) {
        let cancelled = StorageError.cancelled(bucket: reference.bucket, object: reference.storagePath.object)
        perform(task) { $0.cancel(cancelled) }
    }

    // MARK: Observing

    func observe(
        _ status: StorageTaskStatus, of task: any StorageObservableTask,
        handler: @escaping @Sendable (StorageTaskSnapshot) -> Void
    ) -> String {
        let handle = UUID().uuidString
        guard status != .unknown else { return handle }
        let catchUp = shared.withLock { shared -> StorageTaskSnapshot? in
            let phase = shared.state.phase
            guard phase.isTerminal else {
                shared.observers.append(Observer(handle: handle, status: status, handler: handler))
                return nil
            }
            let caughtUp = (status == .success && phase == .succeeded) || (status == .failure && phase == .failed)
            return caughtUp ? snapshot(status, of: shared.state, task: task) : nil
        }
        if let catchUp { handler(catchUp) }
        return handle
    }

    func tap(_ handler: @escaping @Sendable (StorageTaskSnapshot) -> Void) {
        shared.withLock { $0.taps.append(handler) }
    }

    func tapRetries(_ handler: @escaping @Sendable (RetryWait) -> Void) {
        shared.withLock { $0.retryTaps.append(handler) }
    }

    func removeObserver(withHandle handle: String) {
        shared.withLock { $0.observers.removeAll { $0.handle == handle } }
    }

    func removeAllObservers(for status: StorageTaskStatus) {
        shared.withLock { $0.observers.removeAll { $0.status == status } }
    }

    func removeAllObservers() {
        shared.withLock { $0.observers.removeAll() }
    }

    func snapshot(of task: any StorageObservableTask) -> StorageTaskSnapshot {
        shared.withLock { snapshot($0.state.currentStatus, of: $0.state, task: task) }
    }

    var isFinished: Bool {
        shared.withLock {
            $0.state.phase.isTerminal && $0.outbox.isEmpty && !$0.delivering && !$0.state.cleanupPending
        }
    }

    func wait(timeout: TimeInterval?) -> Bool {
        let deadline = timeout.map { Date(timeIntervalSinceNow: $0) } ?? .distantFuture
        return scheduler.run(until: { isFinished }, waitForOthers: true, deadline: deadline)
    }

    // MARK: Internals

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

    private func snapshot(
        _ status: StorageTaskStatus, of state: TaskState, task: any StorageObservableTask
    ) -> StorageTaskSnapshot {
        StorageTaskSnapshot(
            status: status, progress: state.progress, error: status == .failure ? state.error : nil,
            metadata: state.metadata, reference: reference, task: task)
    }

    private func begin(_ task: any StorageObservableTask) {
        guard shared.withLock({ $0.state.begin() }) else { return }
        let prepared = transfer.prepare()
        perform(task) { $0.prepared(prepared) }
    }

    private func step(epoch stepEpoch: Int, of task: any StorageObservableTask) {
        let stop = SleepInterruption()
        let (runs, resuming) = shared.withLock { shared in
            let starts = shared.state.stepStarts(epoch: stepEpoch)
            if starts.runs { shared.runningSteps.append((stepEpoch, stop)) }
            return starts
        }
        guard runs else { return }
        let retries = RetryObserver(
            stop: stop,
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
        shared.withLock { $0.runningSteps.removeAll { $0.stop === stop } }
        perform(task) { $0.stepEnded(epoch: stepEpoch, outcome) }
        if case .finished(_, let product) = outcome, shared.withLock({ $0.state.phase == .completing }) {
            // The last progress still carries the request's metadata, as in the SDK; success the service's.
            perform(task) { $0.succeed(with: product) }
        }
    }

    /// Runs a transition under the lock, then does what it asks: ends the waits of the steps it overtook,
    /// delivers its events in order and queues the work it calls for.
    private func perform(_ task: any StorageObservableTask, _ transition: (inout TaskState) -> TaskState.Effects) {
        let (effects, overtaken) = shared.withLock { shared in
            let effects = transition(&shared.state)
            for status in effects.events { shared.outbox.append(snapshot(status, of: shared.state, task: task)) }
            return (effects, shared.overtakenSteps())
        }
        for stop in overtaken { stop.interrupt() }
        if effects.start {
            start(task)
            return
        }
        if !effects.events.isEmpty { deliver() }
        if let stepEpoch = effects.stepEpoch {
            scheduler.enqueue { [self] in step(epoch: stepEpoch, of: task) }
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

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
/// Unchecked Sendable: the status, snapshot and observers are guarded by the task's lock; the transfer's
/// own state (in the subclasses) is touched only by the scheduler's work, which runs one item at a time.
public class StorageObservableTask: @unchecked Sendable {
    enum Phase: Equatable {
        case notStarted, running, paused, completing, succeeded, failed, cancelled

        var isTerminal: Bool { self == .succeeded || self == .failed || self == .cancelled }
    }

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

    public let reference: StorageReference
    let scheduler: StorageTaskScheduler
    private let lock = NSLock()
    private var phase = Phase.notStarted
    private var progress: StorageProgress
    private var error: StorageError?
    private var currentMetadata: StorageMetadata?
    private var observers: [Observer] = []
    private var taps: [@Sendable (StorageTaskSnapshot) -> Void] = []
    private var outbox: [StorageTaskSnapshot] = []
    private var delivering = false
    private var epoch = 0
    private var hasBegun = false
    private var needsResync = false
    private var cleanupPending = false

    init(reference: StorageReference, progress: StorageProgress, metadata: StorageMetadata?) {
        self.reference = reference
        self.scheduler = reference.storage.scheduler
        self.progress = progress
        self.currentMetadata = metadata
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
        lock.lock()
        guard phase == .notStarted || phase == .running else {
            lock.unlock()
            return
        }
        phase = .paused
        epoch += 1
        lock.unlock()
        fire(.pause)
    }

    /// Resumes a paused task: `resume` fires and the transfer continues where the service stands.
    /// A task that is not paused: nothing happens.
    public func resume() {
        lock.lock()
        guard phase == .paused else {
            lock.unlock()
            return
        }
        guard hasBegun else {
            // Paused before it ever started: it starts now, with its `resume`, as a new task would.
            phase = .notStarted
            lock.unlock()
            start()
            return
        }
        phase = .running
        epoch += 1
        needsResync = true
        let stepEpoch = epoch
        lock.unlock()
        fire(.resume)
        scheduler.enqueue { [self] in step(epoch: stepEpoch) }
    }

    /// Cancels the task unless it has ended: `failure` fires with `cancelled`, and the service is told.
    public func cancel() {
        lock.lock()
        guard phase == .notStarted || phase == .running || phase == .paused else {
            lock.unlock()
            return
        }
        phase = .cancelled
        error = .cancelled(bucket: reference.bucket, object: reference.storagePath.object)
        epoch += 1
        let begun = hasBegun
        cleanupPending = begun
        lock.unlock()
        fire(.failure)
        if begun {
            scheduler.enqueue { [self] in
                abandonTransfer()
                lock.lock()
                cleanupPending = false
                lock.unlock()
                scheduler.signal()
            }
        }
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
        lock.lock()
        var catchUp: StorageTaskSnapshot?
        if phase.isTerminal {
            if (status == .success && phase == .succeeded) || (status == .failure && phase == .failed) {
                catchUp = makeSnapshot(status)
            }
        } else {
            observers.append(Observer(handle: handle, status: status, handler: handler))
        }
        lock.unlock()
        if let catchUp { handler(catchUp) }
        return handle
    }

    /// Calls `handler` for every later event, before the observers, until the task ends. Unlike an
    /// observer it is never removed (`removeAllObservers()` leaves it): made for harnesses and logs that
    /// must see everything. Not part of the SDK's surface.
    public func tap(_ handler: @escaping @Sendable (StorageTaskSnapshot) -> Void) {
        lock.lock()
        taps.append(handler)
        lock.unlock()
    }

    public func removeObserver(withHandle handle: String) {
        lock.lock()
        observers.removeAll { $0.handle == handle }
        lock.unlock()
    }

    public func removeAllObservers(for status: StorageTaskStatus) {
        lock.lock()
        observers.removeAll { $0.status == status }
        lock.unlock()
    }

    public func removeAllObservers() {
        lock.lock()
        observers.removeAll()
        lock.unlock()
    }

    /// The task's current state.
    public var snapshot: StorageTaskSnapshot {
        lock.lock()
        defer { lock.unlock() }
        return makeSnapshot(currentStatus)
    }

    /// True once the terminal event and everything it set off (callbacks, telling the service of a
    /// cancel) are done.
    public var isFinished: Bool {
        lock.lock()
        defer { lock.unlock() }
        return phase.isTerminal && outbox.isEmpty && !delivering && !cleanupPending
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
        lock.lock()
        defer { lock.unlock() }
        switch phase {
        case .succeeded: return .success(())
        case .failed, .cancelled: return .failure(error ?? .internalError("The task failed without an error."))
        default: return nil
        }
    }

    /// Sets the total before the task starts (a file's size is known once it has been read).
    func setTotal(_ total: Int64) {
        lock.lock()
        progress.totalUnitCount = total
        lock.unlock()
    }

    private var currentStatus: StorageTaskStatus {
        switch phase {
        case .notStarted, .running: .resume
        case .completing: .progress
        case .paused: .pause
        case .succeeded: .success
        case .failed, .cancelled: .failure
        }
    }

    private func makeSnapshot(_ status: StorageTaskStatus) -> StorageTaskSnapshot {
        StorageTaskSnapshot(
            status: status, progress: progress, error: status == .failure ? error : nil,
            metadata: currentMetadata, reference: reference, task: self)
    }

    private func begin() {
        lock.lock()
        guard phase == .notStarted, !hasBegun else {
            lock.unlock()
            return
        }
        hasBegun = true
        lock.unlock()
        let problem = prepare()
        lock.lock()
        guard phase == .notStarted else {
            lock.unlock()
            return
        }
        if let problem {
            phase = .failed
            error = problem
            lock.unlock()
            fire(.failure)
            return
        }
        phase = .running
        epoch += 1
        let stepEpoch = epoch
        lock.unlock()
        fire(.resume)
        scheduler.enqueue { [self] in step(epoch: stepEpoch) }
    }

    private func step(epoch stepEpoch: Int) {
        lock.lock()
        guard phase == .running, epoch == stepEpoch else {
            lock.unlock()
            return
        }
        let resuming = needsResync
        needsResync = false
        lock.unlock()

        let outcome = transferStep(resuming: resuming)

        lock.lock()
        guard phase == .running, epoch == stepEpoch else {
            // Paused or cancelled by another thread while the chunk was on its way: report nothing;
            // a resume asks the service again where things stand.
            needsResync = true
            lock.unlock()
            return
        }
        switch outcome {
        case .progressed(let newProgress):
            progress = newProgress
            lock.unlock()
            fire(.progress)
            scheduler.enqueue { [self] in step(epoch: stepEpoch) }
        case .finished(let finalProgress, let metadata):
            phase = .completing
            progress = finalProgress
            lock.unlock()
            fire(.progress)
            lock.lock()
            // The last progress still carries the request's metadata, as in the SDK; success the service's.
            if let metadata { currentMetadata = metadata }
            phase = .succeeded
            lock.unlock()
            fire(.success)
        case .failed(let failure):
            phase = .failed
            error = failure
            lock.unlock()
            fire(.failure)
        }
    }

    /// Queues a snapshot of the current state for the observers of `status` and, unless an event of
    /// this task is being delivered already (a handler paused it, say), delivers the queue in order.
    private func fire(_ status: StorageTaskStatus) {
        lock.lock()
        outbox.append(makeSnapshot(status))
        guard !delivering else {
            lock.unlock()
            return
        }
        delivering = true
        while !outbox.isEmpty {
            let event = outbox.removeFirst()
            let handlers = taps + observers.filter { $0.status == event.status }.map(\.handler)
            lock.unlock()
            for handler in handlers { handler(event) }
            lock.lock()
            if event.status == .success || event.status == .failure {
                observers.removeAll()
                taps.removeAll()
            }
        }
        delivering = false
        lock.unlock()
        scheduler.signal()
    }
}

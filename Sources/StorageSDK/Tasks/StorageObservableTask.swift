import Foundation

/// A transfer that can be paused, resumed, cancelled and observed: what `StorageUploadTask` and
/// `StorageDownloadTask` share (the SDK's `StorageObservableTask`).
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
/// Only the SDK's two task types conform: the API below is this protocol's extension, over the task's
/// `StorageTaskLifecycle`.
public protocol StorageObservableTask: AnyObject, Sendable {
    /// The state, observers and transfer the task's API works on; nothing to use outside the SDK.
    var lifecycle: StorageTaskLifecycle { get }
}

extension StorageObservableTask {
    public var reference: StorageReference { lifecycle.reference }

    func start() {
        lifecycle.start(self)
    }

    // MARK: Control

    /// Pauses a running (or not yet started) task: `pause` fires at once and no further chunk is sent.
    /// Anything else: nothing happens.
    public func pause() {
        lifecycle.pause(self)
    }

    /// Resumes a paused task: `resume` fires and the transfer continues where the service stands.
    /// A task that is not paused: nothing happens.
    public func resume() {
        lifecycle.resume(self)
    }

    /// Cancels the task unless it has ended: `failure` fires with `cancelled`, and the service is told.
    public func cancel() {
        lifecycle.cancel(self)
    }

    // MARK: Observing

    /// Calls `handler` for every later event with `status`; returns a handle for `removeObserver`.
    /// `.unknown` never fires, so observing it registers nothing.
    @discardableResult
    public func observe(_ status: StorageTaskStatus, handler: @escaping @Sendable (StorageTaskSnapshot) -> Void)
        -> String
    {
        lifecycle.observe(status, of: self, handler: handler)
    }

    /// Calls `handler` for every later event, before the observers, until the task ends. Unlike an
    /// observer it is never removed (`removeAllObservers()` leaves it): made for harnesses and logs that
    /// must see everything. Not part of the SDK's surface.
    public func tap(_ handler: @escaping @Sendable (StorageTaskSnapshot) -> Void) {
        lifecycle.tap(handler)
    }

    /// Calls `handler` each time the task's client is about to wait before trying a request again, on the
    /// thread that runs the task's work, before the wait. Retry waits deliver no event in the SDK; this is
    /// for harnesses that act or log at that moment. A pause or cancel from the handler stops the wait.
    public func tapRetries(_ handler: @escaping @Sendable (RetryWait) -> Void) {
        lifecycle.tapRetries(handler)
    }

    public func removeObserver(withHandle handle: String) {
        lifecycle.removeObserver(withHandle: handle)
    }

    public func removeAllObservers(for status: StorageTaskStatus) {
        lifecycle.removeAllObservers(for: status)
    }

    public func removeAllObservers() {
        lifecycle.removeAllObservers()
    }

    /// The task's current state.
    public var snapshot: StorageTaskSnapshot {
        lifecycle.snapshot(of: self)
    }

    /// True once the terminal event and everything it set off (callbacks, telling the service of a
    /// cancel) are done.
    public var isFinished: Bool {
        lifecycle.isFinished
    }

    /// Runs the storage's work until this task has finished, waiting for other threads when the work runs
    /// out (a paused task needs someone to resume it). Returns false if `timeout` passed first.
    /// Never call it from a handler of this same task: the task cannot finish while its handler waits.
    @discardableResult
    public func wait(timeout: TimeInterval? = nil) -> Bool {
        lifecycle.wait(timeout: timeout)
    }
}

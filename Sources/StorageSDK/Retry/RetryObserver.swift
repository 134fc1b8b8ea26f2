import StorageAPI

/// One wait of a retry loop: the client is about to wait `seconds` before trying again after `failure`.
public struct RetryWait: Sendable, CustomStringConvertible {
    /// Counted from 1 over the life of the task (or the operation) that retries.
    public var retry: Int
    public var seconds: Double
    public var failure: BackendError

    public init(retry: Int, seconds: Double, failure: BackendError) {
        self.retry = retry
        self.seconds = seconds
        self.failure = failure
    }

    public var description: String {
        let rounded = (seconds * 1000).rounded() / 1000
        return "retry \(retry) after \(rounded) s (\(failure))"
    }
}

/// Who hears of a retry loop's waits, and whether its caller still wants it to go on: a task that is paused
/// or cancelled while its client waits to try again interrupts `stop`, and the wait ends at once
/// (docs/semantics.md §11).
public struct RetryObserver: Sendable {
    let stop: SleepInterruption?
    let willWait: @Sendable (RetryWait) -> Void

    public init(stop: SleepInterruption?, willWait: @escaping @Sendable (RetryWait) -> Void) {
        self.stop = stop
        self.willWait = willWait
    }

    /// Never stopped, and nobody listens: the plain operations (metadata, list, delete).
    public static let none = RetryObserver(stop: nil, willWait: { _ in })

    /// Whether the caller no longer wants the loop to go on.
    public var isStopped: Bool { stop?.isInterrupted ?? false }
}

import Synchronization

/// Keeps everything written to it, for tests and for callers that want the console text as a string.
public final class CapturedConsoleOutput: ConsoleOutput {
    private let storage = Mutex("")

    public init() {}

    public func write(_ text: String) {
        storage.withLock { $0 += text }
    }

    /// Everything written so far.
    public var text: String {
        storage.withLock { $0 }
    }
}

import Primitives

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Where a `ConsoleReporter` sends its text. `write` receives whole lines (or whole blocks of
/// lines), already ordered by the reporter.
public protocol ConsoleOutput: Sendable {
    func write(_ text: String)
}

/// Writes to a file descriptor (standard output by default), retrying short writes.
/// Write errors are ignored: the console is a courtesy, the report files are the record.
public struct FileDescriptorOutput: ConsoleOutput {
    public let fileDescriptor: Int32

    public static let standardOutput = FileDescriptorOutput(fileDescriptor: STDOUT_FILENO)
    public static let standardError = FileDescriptorOutput(fileDescriptor: STDERR_FILENO)

    public init(fileDescriptor: Int32) {
        self.fileDescriptor = fileDescriptor
    }

    /// Whether the descriptor is a terminal.
    public var isTerminal: Bool { isatty(fileDescriptor) == 1 }

    public func write(_ text: String) {
        _ = Array(text.utf8).withUnsafeBytes { FileDescriptorWriting.writeAll($0, to: fileDescriptor) }
    }
}

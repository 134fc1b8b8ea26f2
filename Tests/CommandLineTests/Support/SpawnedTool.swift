import Foundation

/// The built `storage-conformance` binary, run as a child process with its output collected.
final class SpawnedTool: @unchecked Sendable {
    /// The binary next to the test bundle (SwiftPM puts products and test bundles in one folder), or nil.
    static let binary: URL? = {
        var folders: [URL] = []
        if let first = CommandLine.arguments.first {
            folders.append(URL(fileURLWithPath: first).deletingLastPathComponent())
        }
        folders.append(Bundle.main.bundleURL)
        folders.append(Bundle.main.bundleURL.deletingLastPathComponent())
        for bundle in Bundle.allBundles where bundle.bundlePath.hasSuffix(".xctest") {
            folders.append(bundle.bundleURL.deletingLastPathComponent())
        }
        return folders.lazy.map { $0.appendingPathComponent("storage-conformance") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    private let process = Process()
    private let outputPipe = Pipe()
    private let errorPipe = Pipe()
    private let lock = NSLock()
    private var collectedOutput = Data()
    private var collectedErrors = Data()
    private let exited = DispatchSemaphore(value: 0)

    /// Starts the binary with `arguments` in `directory`.
    init(_ binary: URL, _ arguments: [String], in directory: URL) throws {
        process.executableURL = binary
        process.arguments = arguments
        process.currentDirectoryURL = directory
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        process.environment = environment
        process.standardOutput = outputPipe
        process.standardError = errorPipe
        process.standardInput = FileHandle.nullDevice
        outputPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData, errors: false)
        }
        errorPipe.fileHandleForReading.readabilityHandler = { [weak self] handle in
            self?.append(handle.availableData, errors: true)
        }
        let exited = self.exited
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
    }

    private func append(_ data: Data, errors: Bool) {
        lock.lock()
        if errors { collectedErrors.append(data) } else { collectedOutput.append(data) }
        lock.unlock()
    }

    var output: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collectedOutput, as: UTF8.self)
    }

    var errors: String {
        lock.lock()
        defer { lock.unlock() }
        return String(decoding: collectedErrors, as: UTF8.self)
    }

    /// Waits until standard output has a match of `pattern`; returns the first capture group, or nil
    /// when the process exits or `timeout` passes first.
    func waitForOutput(matching pattern: String, timeout: TimeInterval) -> String? {
        guard let regex = try? NSRegularExpression(pattern: pattern) else { return nil }
        let deadline = Date(timeIntervalSinceNow: timeout)
        while Date() < deadline {
            let text = output
            if let match = regex.firstMatch(in: text, range: NSRange(text.startIndex..., in: text)),
                let range = Range(match.range(at: match.numberOfRanges > 1 ? 1 : 0), in: text)
            {
                return String(text[range])
            }
            if !process.isRunning { return nil }
            Thread.sleep(forTimeInterval: 0.01)
        }
        return nil
    }

    /// The exit status, or nil when the process is still running after `timeout` (it is then killed).
    func waitForExit(timeout: TimeInterval) -> Int32? {
        guard exited.wait(timeout: .now() + timeout) == .success else {
            process.terminate()
            return nil
        }
        // The pipes may still hold the last output: read it to the end.
        for (pipe, isErrors) in [(outputPipe, false), (errorPipe, true)] {
            pipe.fileHandleForReading.readabilityHandler = nil
            append(pipe.fileHandleForReading.readDataToEndOfFile(), errors: isErrors)
        }
        return process.terminationStatus
    }

    /// Sends SIGTERM.
    func terminate() {
        process.terminate()
    }

    /// Sends SIGINT, as Ctrl-C does.
    func interrupt() {
        process.interrupt()
    }

    var processIdentifier: Int32 { process.processIdentifier }

    /// Stops reading standard output: once the pipe is full, the process's writes to it block.
    func stopReadingOutput() {
        outputPipe.fileHandleForReading.readabilityHandler = nil
    }

    /// User plus system CPU seconds the process has used so far (from /proc; nil where there is none).
    var cpuSeconds: Double? {
        guard let stat = try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 13, let user = Double(fields[11]), let system = Double(fields[12]) else { return nil }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    deinit {
        if process.isRunning { process.terminate() }
    }
}

import Foundation
import HTTPCore
import Primitives
import StorageSDK

/// One driver process and the JSON lines between it and the runner (docs/driver-protocol.md §2). The runner
/// writes requests on the driver's standard input and reads its answers, task events and observer calls
/// from its standard output; standard error is kept (its last 4 KiB) for the report.
///
/// A reader thread sorts what arrives: answers go to the request waiting for them, everything else waits in
/// order until the scenario waits (`nextMessage`). A driver that exits, writes a line that is not a protocol
/// message, or leaves a request unanswered past the timeout breaks the connection; every later call then
/// fails with the reason and the driver's last words.
final class DriverConnection: Sendable {
    private struct Inbox {
        var answers: [Int64: JSONValue] = [:]
        var messages: [JSONValue] = []
        var broken: String?
        var errorTail = Data()
        /// The process has exited (its termination handler ran).
        var exited = false
        /// Its standard error reached its end: every last word has arrived.
        var errorEnded = false
    }

    /// The longest line a driver may write (a 48 MiB download in base64 fits).
    static let longestLine = 64 << 20
    private static let errorTailBytes = 4096

    let command: String
    private let timeout: TimeInterval
    private let process: Process
    private let input: FileHandle
    private let inbox = Locked(Inbox())
    private let nextID = Locked<Int64>(0)
    private let writing = Locked(())

    /// Starts `command` with /bin/sh (so a user writes it as in a shell: `python3 driver.py --flag`).
    init(command: String, timeout: TimeInterval) throws(StepFailure) {
        self.command = command
        self.timeout = timeout
        BrokenPipes.ignore()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", command]
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        let inbox = inbox
        process.terminationHandler = { _ in
            inbox.withCondition { inbox, condition in
                inbox.exited = true
                condition.broadcast()
            }
        }
        do {
            try process.run()
        } catch {
            throw .error(.driverError, "the driver `\(command)` could not start: \(error.localizedDescription)")
        }
        self.process = process
        input = stdin.fileHandleForWriting
        Self.startThread {
            Self.readLines(stdout.fileHandleForReading, into: inbox)
        }
        Self.startThread {
            while true {
                let chunk = stderr.fileHandleForReading.availableData
                if chunk.isEmpty {
                    inbox.withCondition { inbox, condition in
                        inbox.errorEnded = true
                        condition.broadcast()
                    }
                    return
                }
                inbox.withLock { inbox in
                    inbox.errorTail.append(chunk)
                    if inbox.errorTail.count > Self.errorTailBytes {
                        inbox.errorTail = Data(inbox.errorTail.suffix(Self.errorTailBytes))
                    }
                }
            }
        }
    }

    private static func startThread(_ body: @escaping @Sendable () -> Void) {
        let thread = Thread(block: body)
        thread.stackSize = 1 << 20
        thread.start()
    }

    private static func readLines(_ handle: FileHandle, into inbox: Locked<Inbox>) {
        var reader = LineReader(handle)
        while true {
            switch reader.next(limit: longestLine) {
            case .line(let line):
                sort(line, into: inbox)
            case .end:
                breakOff("the driver exited", inbox)
                return
            case .tooLong:
                breakOff("the driver wrote a line longer than \(longestLine >> 20) MiB", inbox)
                return
            }
        }
    }

    private static func breakOff(_ reason: String, _ inbox: Locked<Inbox>) {
        inbox.withCondition { inbox, condition in
            if inbox.broken == nil { inbox.broken = reason }
            condition.broadcast()
        }
    }

    private static func sort(_ line: Data, into inbox: Locked<Inbox>) {
        let message = try? JSONParser.parse(line)
        inbox.withCondition { inbox, condition in
            defer { condition.broadcast() }
            guard let message, case .object = message else {
                let text = String(decoding: line.prefix(200), as: UTF8.self)
                inbox.broken = "the driver wrote a line that is not a JSON object: \(text)"
                return
            }
            if let id = message["id"]?.integerValue, message["ok"] != nil {
                inbox.answers[id] = message
            } else if message["event"] != nil || message["observed"] != nil || message["finished"] != nil {
                inbox.messages.append(message)
            } else {
                inbox.broken =
                    "the driver wrote a message that is neither an answer, an event nor an observer call: "
                    + String(decoding: line.prefix(200), as: UTF8.self)
            }
        }
    }

    /// Sends `op` and waits for its answer: the answer's members when `ok`, or the SDK error it reported.
    func request(_ op: String, _ fields: [JSONValue.Member] = []) throws(StepFailure) -> Result<JSONValue, StorageError>
    {
        let id = nextID.withLock { id in
            id += 1
            return id
        }
        try write(.object([.init("id", .number(String(id))), .init("op", .string(op))] + fields))
        let deadline = Date(timeIntervalSinceNow: timeout)
        let answer = inbox.wait(until: deadline, for: { $0.answers[id] != nil || $0.broken != nil }) { inbox, _ in
            inbox.answers.removeValue(forKey: id)
        }
        guard let answer else {
            throw broken(
                inbox.withLock { $0.broken } ?? "the driver did not answer `\(op)` within \(Seconds.plain(timeout)) s")
        }
        if case .bool(true)? = answer["ok"] { return .success(answer) }
        guard let error = answer["error"] else {
            throw broken("the driver refused `\(op)` without an error: \(answer.text)")
        }
        do throws(DriverWire.Problem) {
            return .failure(try DriverWire.error(error))
        } catch {
            throw broken("the driver's error for `\(op)` is malformed (\(error)): \(answer.text)")
        }
    }

    /// The next event or observer call, waiting until `deadline` at most.
    func nextMessage(until deadline: Date) throws(StepFailure) -> JSONValue? {
        let (message, broken) = inbox.wait(until: deadline, for: { !$0.messages.isEmpty || $0.broken != nil }) {
            inbox, _ -> (JSONValue?, String?) in
            if !inbox.messages.isEmpty { return (inbox.messages.removeFirst(), nil) }
            return (nil, inbox.broken)
        }
        if let broken { throw self.broken(broken) }
        return message
    }

    /// Lets the driver's client go on after event `sequence`.
    func acknowledge(_ sequence: Int64) throws(StepFailure) {
        try write(.members(["ack": .number(String(sequence))]))
    }

    /// Says goodbye and makes sure the process is gone.
    func close() {
        try? write(.members(["op": .string("end")]))
        try? input.close()
        if !waitForExit(until: Date(timeIntervalSinceNow: 2)) { process.terminate() }
    }

    private func write(_ message: JSONValue) throws(StepFailure) {
        var line = message.data
        line.append(UInt8(ascii: "\n"))
        let failure: String? = writing.withLock { _ in
            do {
                try input.write(contentsOf: line)
                return nil
            } catch {
                return "the driver stopped reading its input (\(error.localizedDescription))"
            }
        }
        guard let failure else { return }
        // A driver that exited cannot read: say that rather than what the write saw.
        throw broken(waitForExit(until: Date(timeIntervalSinceNow: 0.5)) ? "the driver exited" : failure)
    }

    /// Whether the process has exited by `deadline`.
    private func waitForExit(until deadline: Date) -> Bool {
        inbox.wait(until: deadline, for: { $0.exited }) { inbox, _ in inbox.exited }
    }

    /// A scenario error with the reason and the driver's last words on standard error.
    private func broken(_ reason: String) -> StepFailure {
        inbox.withLock { if $0.broken == nil { $0.broken = reason } }
        // A driver that exited has said its last words once its standard error ends.
        let exited = inbox.withLock { $0.exited }
        let tail = inbox.wait(
            until: Date(timeIntervalSinceNow: exited ? 1 : 0), for: { $0.errorEnded }
        ) { inbox, _ in String(decoding: inbox.errorTail, as: UTF8.self) }
        let status = exited ? " (exit status \(process.terminationStatus))" : ""
        var message = "driver `\(command)`: \(reason)\(status)"
        if !tail.isEmpty {
            message +=
                "\n  its standard error ends:\n"
                + tail.split(separator: "\n").suffix(20).map { "    " + $0 }.joined(separator: "\n")
        }
        return .error(.driverError, message)
    }
}

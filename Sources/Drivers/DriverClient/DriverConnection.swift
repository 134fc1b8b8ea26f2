import Foundation
import HTTPCore
import Primitives
import Reports
import StorageAPI
import StorageSDK

/// One driver process and the JSON lines between it and the runner (docs/driver-protocol.md §2). The runner
/// writes requests on the driver's standard input and reads its answers, task events and observer calls
/// from its standard output; standard error is kept (its last 4 KiB) for the report.
///
/// A reader thread sorts what arrives: answers go to the request waiting for them, everything else waits in
/// order until the scenario waits (`nextMessage`). A driver that exits, writes a line that is not a protocol
/// message, or leaves a request unanswered past the timeout breaks the connection; every later call then
/// fails with the reason and the driver's last words.
package final class DriverConnection: Sendable {
    private struct Inbox {
        var answers: [Int64: JSONValue] = [:]
        /// The requests waiting for their answer: an answer to any other is a protocol error.
        var waiting: Set<Int64> = []
        var messages: [JSONValue] = []
        /// The bytes of the lines behind `messages`.
        var queuedBytes = 0
        var broken: String?
        var errorTail = Data()
        /// Its standard error reached its end: every last word has arrived.
        var errorEnded = false
        /// Its standard output reached its end: the driver is exiting, or closed it.
        var outputEnded = false
    }

    /// The longest line a driver may write (a 48 MiB download in base64 fits).
    package static let longestLine = 64 << 20
    /// The most events and observer calls that may wait for the scenario to take them, and the most bytes they
    /// may hold: a driver that writes more floods the runner, and breaks the connection.
    static let queuedMessageLimit = 10_000
    static let queuedByteLimit = 128 << 20
    /// How long a driver has to exit after `end` (and after SIGTERM, before SIGKILL).
    static let exitGracePeriod: TimeInterval = 2
    /// The longest sleep a driver may ask of the lent clock: a day, as for every number of seconds it is given.
    static let longestSleep: Double = 86_400
    private static let errorTailBytes = 4096

    let command: String
    private let timeout: TimeInterval
    private let process: DriverProcess
    private let input: FileHandle
    private let inbox = Locked(Inbox())
    private let nextID = Locked<Int64>(0)
    private let writing = Locked(())
    /// The runner's clock, once lent: the driver's `sleep` messages pass on it.
    private let lent = Locked<(any StorageClock)?>(nil)
    /// Where the driver's `exchange` messages go: the running scenario's recorder, once the driver said `exchanges`.
    private let exchanges = Locked<ExchangeRecorder?>(nil)

    /// Starts `command` with /bin/sh (so a user writes it as in a shell: `python3 driver.py --flag`).
    init(command: String, timeout: TimeInterval) throws(StepFailure) {
        self.command = command
        self.timeout = timeout
        BrokenPipes.ignore()
        let process: DriverProcess
        do throws(DriverProcess.StartFailure) {
            process = try DriverProcess(command: command)
        } catch {
            throw .error(.driverError, "the driver `\(command)` could not start: \(error.reason)")
        }
        self.process = process
        input = process.input
        let (inbox, lent, writing, exchanges) = (inbox, lent, writing, exchanges)
        Self.startThread {
            Self.readLines(process.output, into: inbox, exchanges: exchanges) { message in
                Self.answerSleep(message, on: lent, to: process.input, writing: writing, inbox: inbox)
            }
        }
        Self.startThread {
            while true {
                let chunk = process.errors.readAvailable()
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

    private static func readLines(
        _ handle: FileHandle, into inbox: Locked<Inbox>, exchanges: Locked<ExchangeRecorder?>,
        sleep: (JSONValue) -> Bool
    ) {
        var reader = LineReader(handle)
        while true {
            switch reader.next(limit: longestLine) {
            case .line(let line):
                // Once the connection is broken, nothing more is read: the driver blocks, and is ended.
                switch sort(line, into: inbox) {
                case .sorted: continue
                case .sleep(let message): guard sleep(message) else { return }
                case .exchange(let message): guard record(message, into: exchanges, inbox) else { return }
                case .broken: return
                }
            case .end:
                inbox.withLock { $0.outputEnded = true }
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

    /// Where a line went.
    private enum Sorted {
        case sorted
        /// A sleep on the lent clock, which the reader answers itself (the runner may be waiting for an answer
        /// that the sleep holds up: an operation's retry back-off).
        case sleep(JSONValue)
        /// An HTTP exchange the SDK made, recorded by the reader too (it may come while no one waits).
        case exchange(JSONValue)
        case broken
    }

    /// Puts a line where it belongs.
    private static func sort(_ line: Data, into inbox: Locked<Inbox>) -> Sorted {
        let message = try? JSONParser.parse(line)
        let sorted: Bool = inbox.withCondition { inbox, condition in
            defer { condition.broadcast() }
            guard inbox.broken == nil else { return false }
            let text = String(decoding: line.prefix(200), as: UTF8.self)
            guard let message, case .object = message else {
                inbox.broken = "the driver wrote a line that is not a JSON object: \(text)"
                return false
            }
            if message["sleep"] != nil || message["exchange"] != nil { return true }
            if let id = message["id"]?.integerValue, message["ok"] != nil {
                guard inbox.waiting.contains(id), inbox.answers[id] == nil else {
                    inbox.broken = "the driver answered request \(id), which is not waiting for an answer: \(text)"
                    return false
                }
                inbox.answers[id] = message
            } else if message["event"] != nil || message["observed"] != nil || message["finished"] != nil {
                guard inbox.messages.count < queuedMessageLimit, inbox.queuedBytes + line.count <= queuedByteLimit
                else {
                    inbox.broken =
                        "the driver wrote more than \(queuedMessageLimit) events and observer calls (or "
                        + "\(queuedByteLimit >> 20) MiB of them) that the scenario has not taken: it floods the runner"
                    inbox.messages.removeAll()
                    return false
                }
                inbox.messages.append(message)
                inbox.queuedBytes += line.count
            } else {
                inbox.broken =
                    "the driver wrote a message that is neither an answer, an event nor an observer call: \(text)"
                return false
            }
            return true
        }
        guard sorted, let message else { return .broken }
        if message["sleep"] != nil { return .sleep(message) }
        if let exchange = message["exchange"] { return .exchange(exchange) }
        return .sorted
    }

    /// Records an `exchange` message; false (and the connection broken) when the driver did not say `exchanges`
    /// or the message is malformed.
    private static func record(
        _ exchange: JSONValue, into recorders: Locked<ExchangeRecorder?>, _ inbox: Locked<Inbox>
    ) -> Bool {
        let text = String(exchange.text.prefix(200))
        guard let recorder = recorders.withLock({ $0 }) else {
            breakOff("the driver reported an HTTP exchange but not the `exchanges` capability: \(text)", inbox)
            return false
        }
        do throws(DriverWire.Problem) {
            try DriverExchange.record(exchange, into: recorder)
            return true
        } catch {
            breakOff("a malformed exchange (\(error)): \(text)", inbox)
            return false
        }
    }

    /// Whether the driver can take another scenario: running, not broken, and nothing of the last one left
    /// unread or unanswered.
    var isIdle: Bool {
        process.isRunning
            && inbox.withLock { $0.broken == nil && $0.messages.isEmpty && $0.answers.isEmpty && $0.waiting.isEmpty }
    }

    /// Lends `clock` to the driver (docs/driver-protocol.md §5.2): its sleeps pass on it from now on.
    func lend(_ clock: any StorageClock) {
        lent.withLock { $0 = clock }
    }

    /// Sends the driver's `exchange` messages to `recorder` from now on (the scenario's, for a reused driver).
    func recordExchanges(into recorder: ExchangeRecorder) {
        exchanges.withLock { $0 = recorder }
    }

    /// `{"sleep": N, "seconds": S}`: lets S pass on the lent clock and answers `{"slept": N, "now": T}`; false
    /// (and the connection broken) when no clock was lent or the message is malformed.
    private static func answerSleep(
        _ message: JSONValue, on lent: Locked<(any StorageClock)?>, to input: FileHandle, writing: Locked<Void>,
        inbox: Locked<Inbox>
    ) -> Bool {
        let text = String(message.text.prefix(200))
        guard let clock = lent.withLock({ $0 }) else {
            breakOff("the driver asked to sleep on the runner's clock, which was not lent to it: \(text)", inbox)
            return false
        }
        guard let number = message["sleep"]?.integerValue, let seconds = DriverWire.number(message["seconds"]),
            (0...longestSleep).contains(seconds)
        else {
            breakOff("a malformed sleep (a number and 0 to \(Int(longestSleep)) seconds): \(text)", inbox)
            return false
        }
        clock.sleep(seconds)
        var line = JSONValue.members(["slept": .number(String(number)), "now": .number(String(clock.now))]).data
        line.append(UInt8(ascii: "\n"))
        // A driver that stopped reading is gone: its output's end breaks the connection.
        writing.withLock { _ in try? input.write(contentsOf: line) }
        return true
    }

    /// Sends `op` and waits for its answer: the answer's members when `ok`, or the SDK error it reported.
    func request(_ op: String, _ fields: [JSONValue.Member] = []) throws(StepFailure) -> Result<JSONValue, StorageError>
    {
        let id = nextID.withLock { id in
            id += 1
            return id
        }
        inbox.withLock { _ = $0.waiting.insert(id) }
        defer { inbox.withLock { _ = $0.waiting.remove(id) } }
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
            if inbox.broken == nil, !inbox.messages.isEmpty {
                let message = inbox.messages.removeFirst()
                inbox.queuedBytes = inbox.messages.isEmpty ? 0 : max(0, inbox.queuedBytes - message.text.utf8.count)
                return (message, nil)
            }
            return (nil, inbox.broken)
        }
        if let broken { throw self.broken(broken) }
        return message
    }

    /// Lets the driver's client go on after event `sequence`.
    func acknowledge(_ sequence: Int64) throws(StepFailure) {
        try write(.members(["ack": .number(String(sequence))]))
    }

    /// Says goodbye and makes sure the process is gone: SIGTERM to its group when it has not exited within the
    /// grace period, SIGKILL after another, and reaped either way.
    func close() {
        try? write(.members(["op": .string("end")]))
        try? input.close()
        process.end(after: Self.exitGracePeriod, grace: Self.exitGracePeriod)
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
        throw broken(process.waitForExit(until: Date(timeIntervalSinceNow: 0.5)) ? "the driver exited" : failure)
    }

    /// A scenario error with the reason and the driver's last words on standard error.
    private func broken(_ reason: String) -> StepFailure {
        inbox.withLock { if $0.broken == nil { $0.broken = reason } }
        // A driver that closed its output is exiting; one that exited has said its last words once its
        // standard error ends.
        let exiting = inbox.withLock { $0.outputEnded }
        let exited = process.waitForExit(until: Date(timeIntervalSinceNow: exiting ? 1 : 0))
        let tail = inbox.wait(until: Date(timeIntervalSinceNow: exited ? 1 : 0), for: { $0.errorEnded }) { inbox, _ in
            String(decoding: inbox.errorTail, as: UTF8.self)
        }
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

import Drivers
import FirebaseV0
import Foundation
import GCSJSON
import HTTPCore
import Primitives
import ScenarioLanguage
import StorageAPI
import StorageSDK

/// `storage-conformance driver`: the project's own client behind the driver protocol
/// (docs/driver-protocol.md), reading requests on standard input and answering on standard output. It is
/// the protocol's reference driver: the bundled suite through it gives the results of a plain HTTP run.
///
/// Three threads share one state behind one lock and its condition. The input's reader takes acknowledgements
/// and the lent clock's answers at once and queues requests; the handler answers the requests in order; the
/// worker runs the client's work while the runner proceeds, and sleeps on the condition otherwise. A task's
/// event is written from the worker, which then waits on the condition for the runner's acknowledgement
/// before it lets the task go on. Events that a command causes (the `pause` of a pause) are written from the
/// handler, which never waits for an acknowledgement: the runner reads them at its next wait. The handler may
/// wait for the lent clock (an operation's retry back-off), whose answer the reader takes.
final class OwnDriver: Sendable {
    private struct State {
        var client: LocalClient?
        var references: [String: StorageReference] = [:]
        var tasks: [String: any ClientTask] = [:]
        /// The runner's observer handles, with the task and the client's own handle.
        var observers: [String: (task: any ClientTask, handle: String)] = [:]
        var nextReference = 0
        var sequence: Int64 = 0
        var acknowledged: Set<Int64> = []
        /// Whether the runner is waiting, so the client's tasks may advance (`proceed` and `hold`).
        var proceeding = false
        /// Counts the requests handled, so the worker knows when one may have given it work.
        var handled = 0
        /// Tasks whose terminal event was written, until they are finished and `finished` is written.
        var ending: [(id: String, task: any ClientTask)] = []
        var closed = false
        /// The requests read and not handled yet, and whether the input ended.
        var requests: [JSONValue] = []
        var inputEnded = false
        /// The runner's clock, when `begin` lent it.
        var clock: LentClock?
        var handler: pthread_t?
    }

    /// Where the scenario's faults are carried out: by this client (`client`), or left to the target (`server`).
    enum FaultSide: String, CaseIterable, Sendable {
        case client, server
    }

    private let output: FileHandle
    let faultSide: FaultSide
    private let state = Locked(State())
    private let writing = Locked(())

    init(output: FileHandle, faults: FaultSide = .client) {
        self.output = output
        faultSide = faults
    }

    /// Serves requests from `input` until `end` or the end of input.
    func run(input: FileHandle) {
        BrokenPipes.ignore()
        state.withLock { $0.handler = pthread_self() }
        Thread { [self] in work() }.start()
        Thread { [self] in read(input) }.start()
        while let message = waitFor(
            { !$0.requests.isEmpty || $0.inputEnded }, then: { $0.requests.isEmpty ? nil : $0.requests.removeFirst() }),
            handle(message)
        {
            changed { $0.handled &+= 1 }
        }
        changed { $0.closed = true }
        state.withLock { $0.clock }?.close()
    }

    /// The input's reader: what only changes the state takes effect at once, requests wait for the handler.
    private func read(_ input: FileHandle) {
        var reader = LineReader(input)
        while case .line(let line) = reader.next(limit: DriverConnection.longestLine) {
            guard let message = try? JSONParser.parse(line) else {
                FileHandle.standardError.write(
                    Data(
                        "storage-conformance driver: not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))\n"
                            .utf8))
                continue
            }
            if let sequence = message["ack"]?.integerValue {
                changed { $0.acknowledged.insert(sequence) }
            } else if let number = message["slept"]?.integerValue {
                state.withLock { $0.clock }?.answer(number, now: DriverWire.number(message["now"]) ?? 0)
            } else {
                changed { $0.requests.append(message) }
            }
        }
        changed { $0.inputEnded = true }
        state.withLock { $0.clock }?.close()
    }

    /// Changes the state and wakes whoever waits on it.
    private func changed(_ change: (inout State) -> Void) {
        state.withCondition { state, condition in
            change(&state)
            condition.broadcast()
        }
    }

    /// The worker: runs the client's tasks while the runner proceeds and a request may have given them work.
    private func work() {
        var seen = -1
        while true {
            let client = waitFor({ $0.closed || ($0.proceeding && $0.client != nil && $0.handled != seen) }) {
                state -> LocalClient? in
                seen = state.handled
                return state.closed ? nil : state.client
            }
            guard let client else { return }
            var more = true
            while more {
                // Stops when the runner holds, when a task's `finished` is due, or when no work is left.
                let stopped = client.runWork(
                    until: { [self] in
                        state.withLock { state in
                            state.closed || !state.proceeding || state.ending.contains { $0.task.isFinished }
                        }
                    }, deadline: .distantFuture)
                writeFinished()
                more = stopped && state.withLock { !$0.closed && $0.proceeding }
            }
        }
    }

    /// `finished` for each task whose terminal event's observers (and a cancel's cleanup) are done.
    private func writeFinished() {
        let done = state.withLock { state -> [String] in
            let (finished, going) = (
                state.ending.filter { $0.task.isFinished }, state.ending.filter { !$0.task.isFinished }
            )
            state.ending = going
            return finished.map(\.id)
        }
        for id in done { write(.members(["finished": .string(id)])) }
    }

    /// False once the runner said `end`.
    private func handle(_ message: JSONValue) -> Bool {
        guard let id = message["id"], let op = message["op"]?.stringValue else {
            return message["op"]?.stringValue != "end"
        }
        if op == "end" { return false }
        do throws(DriverWire.Problem) {
            switch try perform(op, message) {
            case .success(let members): write(.object([.init("id", id), .init("ok", .bool(true))] + members))
            case .failure(let error):
                write(.object([.init("id", id), .init("ok", .bool(false)), .init("error", DriverWire.error(error))]))
            }
        } catch {
            let problem = StorageError(
                code: .internalError, message: "storage-conformance driver: \(error.description)")
            write(.object([.init("id", id), .init("ok", .bool(false)), .init("error", DriverWire.error(problem))]))
        }
        return true
    }

    typealias Answer = Result<[JSONValue.Member], StorageError>

    private func perform(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        switch op {
        case "hello": return .success(hello(message))
        case "begin": return try begin(message)
        case "proceed", "hold":
            changed { $0.proceeding = op == "proceed" }
            return .success([])
        case "ref": return try reference(message)
        case "put", "getData", "write": return try startTask(op, message)
        case "pause", "resume", "cancel", "observe", "removeObserver", "removeAllObservers":
            return try control(op, message)
        case "getMetadata", "updateMetadata", "delete", "downloadURL", "list", "listAll":
            return try operation(op, message)
        case "fault":
            try client().addFaults(try DriverWire.faults(message["faults"]))
            return .success([])
        case "firedFaults":
            guard case .object(let members) = try client().faultTally.json else { return .success([]) }
            return .success(members)
        default:
            throw DriverWire.Problem(description: "unknown op \(op)")
        }
    }

    /// `begin`: the scenario's client, on the runner's clock when it lent it; what an earlier `begin` made is gone.
    func start(_ client: LocalClient, clock: LentClock?) {
        let earlier = state.withCondition { state, condition in
            defer {
                state.client = client
                state.clock = clock
                state.references = [:]
                state.tasks = [:]
                state.observers = [:]
                state.ending = []
                condition.broadcast()
            }
            return state.clock
        }
        earlier?.close()
    }

    func client() throws(DriverWire.Problem) -> LocalClient {
        guard let client = state.withLock({ $0.client }) else {
            throw DriverWire.Problem(description: "begin first")
        }
        return client
    }

    func remember(_ reference: StorageReference) -> JSONValue {
        let id = state.withLock { state in
            state.nextReference += 1
            let id = "r\(state.nextReference)"
            state.references[id] = reference
            return id
        }
        return DriverWire.reference(id: id, reference)
    }

    func known(_ id: String) throws(DriverWire.Problem) -> StorageReference {
        guard let reference = state.withLock({ $0.references[id] }) else {
            throw DriverWire.Problem(description: "unknown reference \(id)")
        }
        return reference
    }

    // MARK: Tasks

    private func startTask(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let client = try client()
        let reference = LocalClient.wrap(try known(try DriverWire.string(message, "ref")))
        let id = try DriverWire.string(message, "task")
        let task: any ClientTask
        switch op {
        case "put":
            let source: ClientUpload
            if let data = try DriverWire.bytes(message, "data") {
                source = .data(data)
            } else {
                source = .file(URL(fileURLWithPath: try DriverWire.string(message, "file")))
            }
            let metadata = try message["metadata"].map { v throws(DriverWire.Problem) in
                try DriverWire.uploadMetadata(v)
            }
            task = client.put(
                reference, source: source, metadata: metadata,
                chunkSize: try DriverWire.integer(message, "chunkSize", in: 1...Int64.max))
        case "getData":
            task = client.getData(
                reference, maxSize: try DriverWire.integer(message, "maxSize", in: 0...Int64.max) ?? 0
            )
        default:
            task = client.write(reference, toFile: URL(fileURLWithPath: try DriverWire.string(message, "file")))
        }
        task.tap { [self] event in report(event, of: task, id: id) }
        task.tapRetries { [self] wait in
            waitForAcknowledgement(
                send([
                    .init("event", .string("retry")), .init("task", .string(id)),
                    .init("retry", .number(String(wait.retry))), .init("seconds", .number(String(wait.seconds))),
                    .init("failure", .string(wait.failure.description)),
                ]))
        }
        state.withLock { $0.tasks[id] = task }
        return .success([])
    }

    /// Writes a task's event and, on the client's own thread, waits until the runner has handled it.
    private func report(_ event: ClientTaskEvent, of task: any ClientTask, id: String) {
        var members = Self.eventMembers(event, task: id)
        if event.status == .success {
            switch task.product {
            case .uploaded(let metadata)?:
                members.append(.init("result", .members(["metadata": DriverWire.metadata(metadata)])))
            case .data(let data)?: members.append(.init("result", .members(["data": .string(Base64.encode(data))])))
            case .file(let url)?: members.append(.init("result", .members(["file": .string(url.path)])))
            case nil: break
            }
        }
        let number = send(members)
        if event.status == .success || event.status == .failure {
            // The terminal event's observers run after this tap returns; `finished` says when they (and a
            // cancel's cleanup) are done.
            state.withLock { $0.ending.append((id, task)) }
        }
        waitForAcknowledgement(number)
    }

    /// Writes an event with the next sequence number; returns the number.
    private func send(_ members: [JSONValue.Member]) -> Int64 {
        let number = state.withLock {
            $0.sequence += 1
            return $0.sequence
        }
        write(.object(members + [.init("seq", .number(String(number)))]))
        return number
    }

    /// On the worker, waits until the runner has handled event `number`; the handler never waits (the runner
    /// is waiting for its answer).
    private func waitForAcknowledgement(_ number: Int64) {
        let onHandler = state.withLock { $0.handler.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
        guard !onHandler else { return }
        waitFor({ $0.closed || $0.acknowledged.contains(number) }) { state in
            _ = state.acknowledged.remove(number)
        }
    }

    /// Sleeps on the state's condition until `ready` holds, then runs `body` with the lock held.
    private func waitFor<Result>(_ ready: (State) -> Bool, then body: (inout State) -> Result) -> Result {
        while true {
            // A finite deadline: the condition's wait cannot take `Date.distantFuture` on Linux.
            let result: Result? = state.wait(until: Date(timeIntervalSinceNow: 3600), for: ready) { state, isReady in
                isReady ? body(&state) : nil
            }
            if let result { return result }
        }
    }

    private func control(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let id = try DriverWire.string(message, "task")
        guard let task = state.withLock({ $0.tasks[id] }) else {
            throw DriverWire.Problem(description: "unknown task \(id)")
        }
        let status = message["status"]?.stringValue.flatMap(StorageTaskStatus.init(name:))
        switch op {
        case "pause": task.pause()
        case "resume": task.resume()
        case "cancel": task.cancel()
        case "observe":
            let handle = try DriverWire.string(message, "observer")
            guard let status else { throw DriverWire.Problem(description: "observe.status") }
            let own = task.observe(status) { [self] event in
                write(
                    .object(
                        [.init("observed", .string(handle))] + Self.eventMembers(event, task: id).dropFirst()
                            + [.init("status", .string(event.status.description))]))
            }
            state.withLock { $0.observers[handle] = (task, own) }
        case "removeObserver":
            let handle = try DriverWire.string(message, "observer")
            // Through the task named, as the SDK does: another task's handle removes nothing.
            if let observer = state.withLock({ $0.observers[handle] }) { task.removeObserver(observer.handle) }
        default:
            task.removeAllObservers(for: status)
        }
        return .success([])
    }

    func write(_ message: JSONValue) {
        var line = message.data
        line.append(UInt8(ascii: "\n"))
        writing.withLock { _ in try? output.write(contentsOf: line) }
    }
}

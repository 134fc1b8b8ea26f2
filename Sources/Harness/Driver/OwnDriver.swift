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
/// Task events are written from the thread that runs the client's work, which then waits for the runner's
/// acknowledgement before it lets the task go on. Events that a command causes (the `pause` of a pause) are
/// written from the thread reading commands, which never waits: the runner reads them at its next wait.
final class OwnDriver: Sendable {
    private struct Session {
        var client: LocalClient?
        var references: [String: StorageReference] = [:]
        var tasks: [String: any ClientTask] = [:]
        /// The runner's observer handles, with the task and the client's own handle.
        var observers: [String: (task: any ClientTask, handle: String)] = [:]
        var nextReference = 0
    }

    private let output: FileHandle
    private let session = Locked(Session())
    private let acknowledged = Locked<Set<Int64>>([])
    private let sequence = Locked<Int64>(0)
    private let writing = Locked(())
    private let closed = Locked(false)
    /// Whether the runner is waiting, so the client's tasks may advance (`proceed` and `hold`).
    private let proceeding = Locked(false)
    private let mainThread = Locked<Thread?>(nil)

    static let capabilities: [DriverCapability] = DriverCapability.allCases

    init(output: FileHandle) {
        self.output = output
    }

    /// Serves requests from `input` until `end` or the end of input.
    func run(input: FileHandle) {
        BrokenPipes.ignore()
        mainThread.withLock { $0 = Thread.current }
        let worker = Thread { [self] in work() }
        worker.start()
        var reader = LineReader(input)
        while case .line(let line) = reader.next(limit: DriverConnection.longestLine), handle(line) {}
        closed.withLock { $0 = true }
        acknowledged.withCondition { _, condition in condition.broadcast() }
    }

    /// Runs the client's tasks while the runner waits and there is work.
    private func work() {
        while !closed.withLock({ $0 }) {
            if proceeding.withLock({ $0 }), let client = session.withLock({ $0.client }) {
                _ = client.runWork(
                    until: { [self] in closed.withLock { $0 } || !proceeding.withLock { $0 } }, deadline: .distantFuture
                )
            }
            Thread.sleep(forTimeInterval: 0.0005)
        }
    }

    /// False once the runner said `end`.
    private func handle(_ line: Data) -> Bool {
        guard let message = try? JSONParser.parse(line) else {
            FileHandle.standardError.write(
                Data(
                    "storage-conformance driver: not JSON: \(String(decoding: line.prefix(200), as: UTF8.self))\n".utf8)
            )
            return true
        }
        if let sequence = message["ack"]?.integerValue {
            acknowledged.withCondition { acknowledged, condition in
                acknowledged.insert(sequence)
                condition.broadcast()
            }
            return true
        }
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

    private typealias Answer = Result<[JSONValue.Member], StorageError>

    private func perform(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        switch op {
        case "hello":
            return .success([
                .init("protocol", .number(String(DriverSpec.protocolVersion))),
                .init("name", .string("storage-conformance")), .init("version", .string(ToolVersion.current)),
                .init("capabilities", .array(Self.capabilities.map { .string($0.rawValue) })),
            ])
        case "begin": return try begin(message)
        case "proceed", "hold":
            proceeding.withLock { $0 = op == "proceed" }
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
        default:
            throw DriverWire.Problem(description: "unknown op \(op)")
        }
    }

    private func client() throws(DriverWire.Problem) -> LocalClient {
        guard let client = session.withLock({ $0.client }) else {
            throw DriverWire.Problem(description: "begin first")
        }
        return client
    }

    private func begin(_ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let target = try DriverWire.string(message, "target")
        let bucket = try DriverWire.string(message, "bucket")
        let endpoint: (url: URL, speaksGCS: Bool)
        do throws(ArgumentList.Problem) {
            endpoint = try TargetResolver.endpoint(target)
        } catch {
            throw DriverWire.Problem(description: "begin.target: \(error.description)")
        }
        let retry = message["retry"] ?? .null
        let requestTimeout = try DriverWire.seconds(retry["timeout"], "retry.timeout")
        let timeout = ScenarioExecution.requestTimeout
        let backend: any StorageBackend =
            endpoint.speaksGCS
            ? GCSJSONClient(baseURL: endpoint.url, requestTimeout: timeout)
            : FirebaseV0Client(baseURL: endpoint.url, requestTimeout: timeout)
        let storage = Storage(bucket: bucket, backend: backend, host: target, clock: SystemClock())
        let faults = message["faults"] == nil ? [] : try DriverWire.faults(message["faults"])
        let client = LocalClient(
            session: storage, faults: faults, requestTimeout: requestTimeout ?? timeout)
        client.storage.authToken = message["auth"]?.stringValue
        client.setRetryTimes(
            RetryTimes(
                upload: try DriverWire.seconds(retry["upload"], "retry.upload"),
                download: try DriverWire.seconds(retry["download"], "retry.download"),
                operation: try DriverWire.seconds(retry["operation"], "retry.operation")), cap: .infinity)
        session.withLock { $0 = Session(client: client) }
        return .success([])
    }

    // MARK: References

    private func reference(_ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let client = try client()
        let made: ClientReference?
        if let path = message["path"]?.stringValue {
            made = client.reference(path: path)
        } else if let url = message["url"]?.stringValue {
            switch client.reference(url: url) {
            case .success(let reference): made = reference
            case .failure(let error): return .failure(error)
            }
        } else if message["root"] != nil {
            made = client.root()
        } else {
            let from = try known(try DriverWire.string(message, "from"))
            let link: ClientLink
            switch message["link"] {
            case .string("parent")?: link = .parent
            case .string("root")?: link = .root
            case let value?:
                guard let child = value["child"]?.stringValue else { throw DriverWire.Problem(description: "ref.link") }
                link = .child(child)
            case nil: throw DriverWire.Problem(description: "ref: no path, url, root or from")
            }
            made = client.follow(link, from: LocalClient.wrap(from))
        }
        guard let made, case .local(let own) = made.handle else { return .success([.init("ref", .null)]) }
        return .success([.init("ref", remember(own))])
    }

    private func remember(_ reference: StorageReference) -> JSONValue {
        let id = session.withLock { session in
            session.nextReference += 1
            let id = "r\(session.nextReference)"
            session.references[id] = reference
            return id
        }
        return DriverWire.reference(id: id, reference)
    }

    private func known(_ id: String) throws(DriverWire.Problem) -> StorageReference {
        guard let reference = session.withLock({ $0.references[id] }) else {
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
        session.withLock { $0.tasks[id] = task }
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
        waitForAcknowledgement(send(members))
        guard event.status == .success || event.status == .failure else { return }
        // The terminal event's observers run after this tap returns; say when they (and a cancel's
        // cleanup) are done.
        Thread.detachNewThread { [self] in
            while !task.isFinished, !closed.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.0005) }
            write(.members(["finished": .string(id)]))
        }
    }

    private static func eventMembers(_ event: ClientTaskEvent, task: String) -> [JSONValue.Member] {
        var members: [JSONValue.Member] = [
            .init("event", .string(event.status.description)), .init("task", .string(task)),
            .init("completed", .number(String(event.progress.completedUnitCount))),
            .init("total", .number(String(event.progress.totalUnitCount))),
        ]
        if let error = event.error { members.append(.init("error", DriverWire.error(error))) }
        return members
    }

    /// Writes an event with the next sequence number; returns the number.
    private func send(_ members: [JSONValue.Member]) -> Int64 {
        let number = sequence.withLock {
            $0 += 1
            return $0
        }
        write(.object(members + [.init("seq", .number(String(number)))]))
        return number
    }

    private func waitForAcknowledgement(_ number: Int64) {
        guard Thread.current != mainThread.withLock({ $0 }) else { return }
        while !closed.withLock({ $0 }) {
            let done = acknowledged.wait(until: Date(timeIntervalSinceNow: 1), for: { $0.contains(number) }) {
                acknowledged, ready in
                if ready { acknowledged.remove(number) }
                return ready
            }
            if done { return }
        }
    }

    private func control(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let id = try DriverWire.string(message, "task")
        guard let task = session.withLock({ $0.tasks[id] }) else {
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
            session.withLock { $0.observers[handle] = (task, own) }
        case "removeObserver":
            let handle = try DriverWire.string(message, "observer")
            // Through the task named, as the SDK does: another task's handle removes nothing.
            if let observer = session.withLock({ $0.observers[handle] }) { task.removeObserver(observer.handle) }
        default:
            task.removeAllObservers(for: status)
        }
        return .success([])
    }

    // MARK: Operations

    private func operation(_ op: String, _ message: JSONValue) throws(DriverWire.Problem) -> Answer {
        let client = try client()
        let reference = LocalClient.wrap(try known(try DriverWire.string(message, "ref")))
        switch op {
        case "getMetadata":
            return client.getMetadata(reference).map { [.init("metadata", DriverWire.metadata($0))] }
        case "updateMetadata":
            let patch = try DriverWire.patch(message["patch"] ?? .null)
            return client.updateMetadata(reference, patch).map { [.init("metadata", DriverWire.metadata($0))] }
        case "delete":
            return client.delete(reference).map { [] }
        case "downloadURL":
            return client.downloadURL(reference).map { [.init("url", .string($0.absoluteString))] }
        case "list":
            let token = message["pageToken"]?.stringValue
            return client.list(reference, maxResults: message["maxResults"]?.integerValue ?? 1000, pageToken: token)
                .map(page)
        default:
            return client.listAll(reference).map(page)
        }
    }

    private func page(_ page: ClientPage) -> [JSONValue.Member] {
        func references(_ list: [ClientReference]) -> JSONValue {
            .array(list.compactMap { if case .local(let own) = $0.handle { remember(own) } else { nil } })
        }
        return [
            .init("prefixes", references(page.prefixes)), .init("items", references(page.items)),
            .init("pageToken", page.pageToken.map { .string($0) } ?? .null),
        ]
    }

    private func write(_ message: JSONValue) {
        var line = message.data
        line.append(UInt8(ascii: "\n"))
        writing.withLock { _ in try? output.write(contentsOf: line) }
    }
}

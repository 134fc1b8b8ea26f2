import Foundation
import HTTPCore
import Primitives
import ScenarioLanguage
import StorageAPI
import StorageSDK
import Targets

/// A `ScenarioClient` whose SDK runs in a driver process (docs/driver-protocol.md). Each scenario gets a
/// fresh driver, or the one its worker kept (`reuse`). The driver's tasks report every event and wait for the
/// runner's acknowledgement before their client goes on, and the runner acknowledges only while the scenario
/// waits (`runWork`), so a task advances only then, as in process, and a `when:` trigger acts inside the event
/// that meets it.
package final class DriverClient: ScenarioClient, Sendable {
    /// The driver process: the kept one, until it cannot take `begin` and a fresh one replaces it.
    private let current: Locked<DriverConnection>
    /// The driver came from the slot: a fresh one replaces it when it cannot take `begin`.
    private let reused: Bool
    private let timeout: TimeInterval
    let spec: DriverSpec
    private let target: String
    private let bucket: String
    /// The scenario's `given.faults`.
    let faults: [RequestFault]
    /// The faults declared so far (given, then each `fault:` step's): once there are some, someone counts requests.
    let declared = Locked<[RequestFault]>([])
    /// Where the scenario's faults go when the driver cannot put them into its SDK's requests.
    let targetFaults: (any TargetFaultPlan)?
    private let transcript: Transcript
    private let tasks = Locked<[String: DriverTask]>([:])
    private let counter = Locked(0)
    /// A control (pause, observe, …) that failed inside an event handler, thrown at the next wait.
    private let controlFailure = Locked<StepFailure?>(nil)
    /// The seconds of every retry wait the driver announced.
    private let announcedWaits = Locked(0.0)
    /// The runner's clock, when the driver took it (`"clock": "lent"`), and its waits before the scenario.
    let lentClock: (clock: any StorageClock, before: ClockWaits)?
    /// Where a driver that can run another scenario (`reuse`) is kept, when this one leaves it idle.
    private let slot: DriverSlot?
    /// Transfers the SDK refused at the call (protocol 2), whose failure the next wait delivers.
    private let refusals = Locked<[(task: DriverTask, op: String, error: StorageError)]>([])
    /// The HTTP exchanges the driver reported for this scenario, when it reports them (`exchanges`).
    let exchangeRecorder: ExchangeRecorder?

    /// Starts the driver and greets it; `target` is what `run --target` named (`http://…` or `gcs+http://…`).
    /// With `targetFaults`, the scenario's faults are armed there instead of being sent to the driver. `clock` is
    /// lent to a driver that can take it: its client's sleeps then pass on it, as the in-process client's do. A
    /// driver kept in `slot` runs the scenario without a new start and greeting, and one that can is kept there
    /// after it.
    package init(
        spec: DriverSpec, target: String, bucket: String, faults: [RequestFault],
        targetFaults: (any TargetFaultPlan)? = nil, clock: (any StorageClock)? = nil, slot: DriverSlot? = nil,
        timeout: TimeInterval, transcript: Transcript = Transcript()
    ) throws(StepFailure) {
        let kept = slot?.take()
        let connection: DriverConnection
        if let kept {
            connection = kept
        } else {
            connection = try DriverConnection(command: spec.command, timeout: timeout)
        }
        current = Locked(connection)
        reused = kept != nil
        self.timeout = timeout
        self.slot = slot
        self.target = target
        self.bucket = bucket
        self.faults = faults
        self.targetFaults = targetFaults
        self.transcript = transcript
        let greeted: DriverSpec
        do throws(StepFailure) {
            greeted = kept == nil ? try DriverSpec.greet(connection) : spec
        } catch {
            connection.close()
            throw error
        }
        self.spec = greeted
        lentClock = greeted.capabilities.lentClock ? clock.map { ($0, $0.waits) } : nil
        if let (clock, _) = lentClock { connection.lend(clock) }
        exchangeRecorder = greeted.capabilities.exchanges ? ExchangeRecorder() : nil
        if let exchangeRecorder { connection.recordExchanges(into: exchangeRecorder) }
    }

    var connection: DriverConnection { current.withLock { $0 } }

    private func nextID(_ prefix: String) -> String {
        prefix
            + String(
                counter.withLock {
                    $0 += 1
                    return $0
                })
    }

    package func configure(user: ScenarioUser, retry: RetryTimes) throws(StepFailure) {
        let auth: JSONValue =
            switch user {
            case .signedIn(let uid): .string(IDToken.unsigned(uid: uid))
            case .signedOut: .null
            case .invalidToken: .string(IDToken.malformed)
            }
        try begin(
            [
                .init("target", .string(target)), .init("bucket", .string(bucket)), .init("auth", auth),
                .init("retry", Self.retryValue(retry, protocolVersion: spec.protocolVersion)),
                .init("faults", .array(targetFaults == nil ? faults.map(RequestFaultJSON.encode) : [])),
            ] + (lentClock.map { [.init("clock", .members(["now": .number(String($0.clock.now))]))] } ?? []))
        declared.withLock { $0 = faults }
        if let targetFaults, !faults.isEmpty { try arm(faults, on: targetFaults) }
    }

    /// `begin`, the scenario's first message. A kept driver that cannot take it (it exited or broke while it
    /// waited for this scenario) is ended, and a fresh one, greeted, gets it instead.
    private func begin(_ fields: [JSONValue.Member]) throws(StepFailure) {
        let kept = connection
        do throws(StepFailure) {
            _ = try expectSuccess("begin", fields)
        } catch {
            guard reused, !kept.isIdle else { throw error }
            kept.close()
            let fresh = try DriverConnection(command: spec.command, timeout: timeout)
            do throws(StepFailure) {
                _ = try DriverSpec.greet(fresh)
            } catch {
                fresh.close()
                throw error
            }
            if let (clock, _) = lentClock { fresh.lend(clock) }
            if let exchangeRecorder { fresh.recordExchanges(into: exchangeRecorder) }
            current.withLock { $0 = fresh }
            let reason = error.message.prefix { $0 != "\n" }
            transcript.add("  the driver kept from the last scenario could not begin (\(reason)): a fresh one runs")
            _ = try expectSuccess("begin", fields)
        }
    }

    /// `begin.retry`: protocol 1 gives the longest waits; protocol 2 gives each kind's longest wait and the
    /// budget it makes (the reference client's waits added up), so an SDK with budgets takes those. Null leaves
    /// the SDK's own.
    static func retryValue(_ retry: RetryTimes, protocolVersion: Int64) -> JSONValue {
        func seconds(_ value: Double?) -> JSONValue {
            guard let value, value.isFinite else { return .null }
            return .number(String(value))
        }
        let kinds: [(String, Double?)] = [
            ("upload", retry.upload), ("download", retry.download), ("operation", retry.operation),
        ]
        var members: [JSONValue.Member] = kinds.map { name, given in
            guard protocolVersion >= 2 else { return .init(name, seconds(given)) }
            return .init(
                name,
                .members([
                    "longestWait": seconds(given),
                    "budget": seconds(given.map { RetryPolicy.totalWait(longestWait: $0) }),
                ]))
        }
        members.append(.init("timeout", seconds(retry.timeout)))
        return .object(members)
    }

    func arm(_ faults: [RequestFault], on plan: any TargetFaultPlan) throws(StepFailure) {
        do throws(TargetFailure) {
            try plan.arm(faults)
        } catch {
            throw .error(.targetError, error.description)
        }
        transcript.add(
            "  \(faults.count) fault(s) armed on the target (the driver cannot put faults into its requests)")
    }

    /// Sends `op`: the SDK's error as it reported it, or its answer read by `decode`; an answer `decode`
    /// cannot read is a driver failure.
    func answer<Value>(
        _ op: String, _ fields: [JSONValue.Member], _ decode: (JSONValue) throws(DriverWire.Problem) -> Value
    ) throws(StepFailure) -> Result<Value, StorageError> {
        switch try connection.request(op, fields) {
        case .failure(let error): return .failure(error)
        case .success(let answer):
            do throws(DriverWire.Problem) { return .success(try decode(answer)) } catch {
                throw malformed(op, "\(error): \(answer.text)")
            }
        }
    }

    func id(of reference: ClientReference) -> String {
        if case .remote(let id) = reference.handle { return id }
        return ""
    }

    // MARK: Tasks

    package func put(_ reference: ClientReference, source: ClientUpload, metadata: StorageMetadata?, chunkSize: Int64?)
        throws(StepFailure) -> any ClientTask
    {
        var fields: [JSONValue.Member] = []
        let total: Int64
        switch source {
        case .data(let data):
            fields.append(.init("data", .string(Base64.encode(data))))
            total = Int64(data.count)
        case .file(let url):
            fields.append(.init("file", .string(url.path)))
            total = 0
        }
        if let metadata { fields.append(.init("metadata", DriverWire.uploadMetadata(metadata))) }
        if let chunkSize { fields.append(.init("chunkSize", .number(String(chunkSize)))) }
        return try startTask("put", reference, fields, total: total)
    }

    package func getData(_ reference: ClientReference, maxSize: Int64) throws(StepFailure) -> any ClientTask {
        try startTask("getData", reference, [.init("maxSize", .number(String(maxSize)))], total: -1)
    }

    package func write(_ reference: ClientReference, toFile url: URL) throws(StepFailure) -> any ClientTask {
        try startTask("write", reference, [.init("file", .string(url.path))], total: -1)
    }

    private func startTask(_ op: String, _ reference: ClientReference, _ fields: [JSONValue.Member], total: Int64)
        throws(StepFailure) -> DriverTask
    {
        let task = DriverTask(id: nextID("t"), client: self, total: total)
        tasks.withLock { $0[task.id] = task }
        let answer = try connection.request(
            op, [.init("ref", .string(id(of: reference))), .init("task", .string(task.id))] + fields)
        switch answer {
        case .success: break
        case .failure(let error) where spec.protocolVersion >= 2:
            // The SDK threw before a task existed: the step's task fails with that error at the next wait.
            task.refuse()
            refusals.withLock { $0.append((task, op, error)) }
        case .failure(let error):
            throw .error(.driverError, "driver `\(connection.command)`: `\(op)` failed: \(error.description)")
        }
        return task
    }

    /// pause, resume, cancel and the observer calls: sent at once; a failure waits for the next `runWork`.
    func control(_ op: String, _ fields: [JSONValue.Member]) {
        do throws(StepFailure) {
            _ = try connection.request(op, fields)
        } catch {
            fail(error)
        }
    }

    /// A control on a transfer the SDK refused at the call: nothing to send it to.
    func controlRefused(_ op: String, task: String) {
        fail(
            .mismatch(
                .refusedAtCall,
                "the SDK refused the transfer of task \(task) at the call: there is no task to \(op)"))
    }

    private func fail(_ failure: StepFailure) {
        controlFailure.withLock { if $0 == nil { $0 = failure } }
    }

    // MARK: Waiting

    package func runWork(until condition: @escaping () -> Bool, deadline: Date) throws(StepFailure) -> Bool {
        var proceeding = false
        defer { if proceeding { _ = try? connection.request("hold") } }
        while true {
            if let failure = controlFailure.withLock({ $0 }) { throw failure }
            deliverRefusals()
            // What already arrived happened while the scenario did other things: take it in first.
            while let message = try connection.nextMessage(until: .distantPast) { try dispatch(message) }
            if condition() || Date() >= deadline { return true }
            if !proceeding {
                // The driver's client works only while the scenario waits, as the in-process client does.
                _ = try expectSuccess("proceed", [])
                proceeding = true
            }
            let idle = tasks.withLock { $0.values.allSatisfy { !$0.isActive } }
            // An idle client may still have messages on the way (an observer's call, a pause's event).
            let wait = idle ? min(deadline, Date(timeIntervalSinceNow: 0.2)) : deadline
            guard let message = try connection.nextMessage(until: wait) else {
                if idle { return false }
                continue
            }
            try dispatch(message)
        }
    }

    /// The failure of each transfer the SDK refused at the call, as its only event.
    private func deliverRefusals() {
        for refusal in refusals.withLock({ list in
            defer { list.removeAll() }
            return list
        }) {
            transcript.add(
                "    the SDK refused `\(refusal.op)` at the call (no task): \(refusal.error.description)")
            refusal.task.deliver(
                ClientTaskEvent(
                    status: .failure, progress: refusal.task.current.progress, error: refusal.error),
                product: nil)
            refusal.task.markFinished()
        }
    }

    private func dispatch(_ message: JSONValue) throws(StepFailure) {
        let taskID = message["task"]?.stringValue ?? message["finished"]?.stringValue
        guard let taskID, let task = tasks.withLock({ $0[taskID] }) else {
            throw malformed("event", "a message for no task this scenario started: \(message.text)")
        }
        if message["finished"] != nil {
            task.markFinished()
            return
        }
        do throws(DriverWire.Problem) {
            if let handle = message["observed"]?.stringValue {
                task.deliverObserved(handle, try event(message))
                return
            }
            if message["event"]?.stringValue == "retry" {
                let wait = RetryWait(
                    retry: Int(message["retry"]?.integerValue ?? 0),
                    seconds: DriverWire.number(message["seconds"]) ?? 0,
                    failure: BackendError(.transport, message["failure"]?.stringValue ?? ""))
                if lentClock == nil, wait.seconds.isFinite, wait.seconds > 0 {
                    let first = announcedWaits.withLock { waits in
                        defer { waits += wait.seconds }
                        return waits == 0
                    }
                    if first { transcript.add("    the driver keeps its own clock: its waits before retries are real") }
                }
                task.deliverRetry(wait)
            } else {
                task.deliver(try event(message), product: try product(message["result"]))
            }
        } catch {
            throw malformed("event", "\(error): \(message.text)")
        }
        if let sequence = message["seq"]?.integerValue { try connection.acknowledge(sequence) }
    }

    private func event(_ message: JSONValue) throws(DriverWire.Problem) -> ClientTaskEvent {
        let name = message["event"]?.stringValue ?? message["status"]?.stringValue ?? ""
        guard let status = StorageTaskStatus(name: name), status != .unknown else {
            throw DriverWire.Problem(description: "unknown task status \"\(name)\"")
        }
        return ClientTaskEvent(
            status: status, progress: DriverWire.progress(message),
            error: try message["error"].map { e throws(DriverWire.Problem) in try DriverWire.error(e) })
    }

    private func product(_ value: JSONValue?) throws(DriverWire.Problem) -> ClientTaskProduct? {
        guard let value else { return nil }
        if let metadata = value["metadata"] { return .uploaded(try DriverWire.metadata(metadata)) }
        if let data = try DriverWire.bytes(value, "data") { return .data(data) }
        if let path = value["file"]?.stringValue { return .file(URL(fileURLWithPath: path)) }
        return nil
    }

    /// The sleeps on the lent clock; else the retry waits the driver announced, its SDK keeping its own clock,
    /// taken to be real time.
    package var waits: ClockWaits {
        if let (clock, before) = lentClock {
            let now = clock.waits
            return ClockWaits(
                total: max(0, now.total - before.total), inRealTime: max(0, now.inRealTime - before.inRealTime))
        }
        let seconds = announcedWaits.withLock { $0 }
        return ClockWaits(total: seconds, inRealTime: seconds)
    }

    /// Keeps a driver that can run another scenario when this one left it idle: every task finished, no control
    /// failed, nothing unread. Any other driver is ended.
    package func close() {
        targetFaults?.disarm()
        let settled =
            controlFailure.withLock { $0 == nil } && refusals.withLock { $0.isEmpty }
            && tasks.withLock { $0.values.allSatisfy(\.isFinished) }
        if let slot, spec.capabilities.reusable, settled, connection.isIdle {
            slot.keep(connection)
        } else {
            connection.close()
        }
    }

    func expectSuccess(_ op: String, _ fields: [JSONValue.Member]) throws(StepFailure) -> JSONValue {
        switch try connection.request(op, fields) {
        case .success(let answer): return answer
        case .failure(let error):
            throw .error(.driverError, "driver `\(connection.command)`: `\(op)` failed: \(error.description)")
        }
    }

    func malformed(_ op: String, _ detail: String) -> StepFailure {
        .error(.driverError, "driver `\(connection.command)`: a malformed answer to `\(op)`: \(detail)")
    }
}

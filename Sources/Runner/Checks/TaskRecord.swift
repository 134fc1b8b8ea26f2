import Drivers
import Foundation
import Primitives
import ScenarioLanguage
import StorageSDK

/// A task a scenario started, with every event it delivered (recorded through a tap, so
/// `removeAllObservers` cannot hide any), and the checks that hold for every task.
final class TaskRecord: Sendable {
    /// One delivered event.
    struct Event: Sendable, CustomStringConvertible {
        var status: StorageTaskStatus
        var code: StorageErrorCode?
        var completed: Int64
        var total: Int64

        init(status: StorageTaskStatus, code: StorageErrorCode? = nil, completed: Int64, total: Int64) {
            self.status = status
            self.code = code
            self.completed = completed
            self.total = total
        }

        /// The event a client reported.
        init(_ event: ClientTaskEvent) {
            self.init(
                status: event.status, code: event.error?.code, completed: event.progress.completedUnitCount,
                total: event.progress.totalUnitCount)
        }

        var patternEvent: EventPattern.Event {
            EventPattern.Event(status: status, code: code, completed: completed, total: total)
        }

        var description: String {
            switch status {
            case .progress: "progress(\(completed)/\(total))"
            case .failure: "failure(\(code?.name ?? "?"))"
            default: status.description
            }
        }
    }

    let name: String
    let task: any ClientTask
    let isUpload: Bool
    /// The size of the data an upload sends, once known.
    let uploadSize: Int64?
    private let recorded = Locked<[Event]>([])
    private let retryWaits = Locked(0)
    /// When this task's `when:` triggers act.
    let triggers = TriggerRule()

    init(name: String, task: any ClientTask, isUpload: Bool, uploadSize: Int64?, transcript: Transcript) {
        self.name = name
        self.isUpload = isUpload
        self.task = task
        self.uploadSize = uploadSize
        task.tap { [self] snapshot in
            let event = Event(snapshot)
            recorded.withLock { $0.append(event) }
            transcript.add("    \(name): \(event)" + (snapshot.error.map { " \($0.message)" } ?? ""))
        }
        task.tapRetries { [self] wait in
            retryWaits.withLock { $0 = wait.retry }
            transcript.add("    \(name): \(wait)")
        }
    }

    /// How many times the task's client waited to try a request again.
    var retries: Int {
        retryWaits.withLock { $0 }
    }

    var events: [Event] {
        recorded.withLock { $0 }
    }

    var eventList: String { events.isEmpty ? "(no events)" : events.map(\.description).joined(separator: " ") }

    /// The always-on task checks of the scenario language; nil when they hold. `mustHaveEnded`: the
    /// scenario is over, so the task must have delivered its terminal event.
    func invariantBreach(mustHaveEnded: Bool = false) -> String? {
        Self.invariantBreach(in: events, uploadSize: uploadSize, mustHaveEnded: mustHaveEnded)
    }

    /// The checks on a list of events; `uploadSize` is the size of the data an upload sends.
    static func invariantBreach(in events: [Event], uploadSize: Int64?, mustHaveEnded: Bool = false) -> String? {
        var terminalSeen = false
        var paused = false
        var lastCompleted: Int64 = 0
        // A download resumed after its object was replaced starts over: its first event after the resume
        // may report fewer bytes.
        var mayStartOver = false
        for (index, event) in events.enumerated() {
            let position = "event \(index + 1) (\(event))"
            if terminalSeen { return "\(position) came after the terminal event" }
            switch event.status {
            case .success, .failure: terminalSeen = true
            case .pause: paused = true
            case .resume:
                paused = false
                mayStartOver = uploadSize == nil
            case .progress:
                if paused { return "\(position) was delivered while the task was paused" }
            case .unknown: return "\(position) has the status unknown"
            }
            if event.completed < lastCompleted, !(mayStartOver && event.status == .progress) {
                return "\(position): completed bytes went down from \(lastCompleted)"
            }
            if event.status == .progress { mayStartOver = false }
            if event.total >= 0 && event.completed > event.total { return "\(position): completed exceeds the total" }
            lastCompleted = event.completed
        }
        if mustHaveEnded && !terminalSeen {
            return "the task never delivered a terminal event (success or failure): await it, or cancel it"
        }
        if let last = events.last, last.status == .success {
            if last.completed != last.total { return "success with \(last.completed) of \(last.total) bytes done" }
            if let uploadSize, last.total != uploadSize {
                return "success with a total of \(last.total) bytes for \(uploadSize) bytes of data"
            }
        }
        return nil
    }
}

/// An observer a scenario added with `observe`, and what it received.
final class ObserverRecord: Sendable {
    let status: StorageTaskStatus
    let task: TaskRecord
    let handle: String
    private let received: Locked<[TaskRecord.Event]>

    init(task: TaskRecord, status: StorageTaskStatus) {
        self.task = task
        self.status = status
        let received = Locked<[TaskRecord.Event]>([])
        self.received = received
        handle = task.task.observe(status) { event in
            received.withLock { $0.append(TaskRecord.Event(event)) }
        }
    }

    var events: [TaskRecord.Event] {
        received.withLock { $0 }
    }
}

import Foundation
import Primitives
import StorageSDK

/// A task of a driver's client, as the runner sees it: the events the driver reported, delivered to the
/// runner's taps when the scenario waits (`DriverClient.runWork`); pause, resume, cancel and observers go
/// to the driver, whose SDK does them.
final class DriverTask: ClientTask {
    private struct State {
        var current: ClientTaskEvent
        var product: ClientTaskProduct?
        var taps: [@Sendable (ClientTaskEvent) -> Void] = []
        var retryTaps: [@Sendable (RetryWait) -> Void] = []
        var observers: [String: @Sendable (ClientTaskEvent) -> Void] = [:]
        /// The driver said everything the terminal event set off is done (`finished`).
        var finished = false
        /// The SDK refused the transfer at the call: there is no task in the driver (protocol 2).
        var refused = false
    }

    let id: String
    private let client: DriverClient
    private let state: Locked<State>

    init(id: String, client: DriverClient, total: Int64) {
        self.id = id
        self.client = client
        state = Locked(
            State(
                current: ClientTaskEvent(
                    status: .resume, progress: StorageProgress(completedUnitCount: 0, totalUnitCount: total))))
    }

    /// Still able to deliver events without help: not ended and not paused (a pause is its last event).
    var isActive: Bool { state.withLock { !$0.finished && $0.current.status != .pause } }

    /// An event the driver reported, with what the task produced when it is the last.
    func deliver(_ event: ClientTaskEvent, product: ClientTaskProduct?) {
        let taps = state.withLock { state in
            state.current = event
            if event.status == .success || event.status == .failure { state.product = product }
            return state.taps
        }
        for tap in taps { tap(event) }
    }

    /// The driver's `finished`: the terminal event's observers were called and the task cleaned up.
    func markFinished() {
        state.withLock { $0.finished = true }
    }

    func deliverRetry(_ wait: RetryWait) {
        for tap in state.withLock({ $0.retryTaps }) { tap(wait) }
    }

    func deliverObserved(_ handle: String, _ event: ClientTaskEvent) {
        state.withLock { $0.observers[handle] }?(event)
    }

    func tap(_ handler: @escaping @Sendable (ClientTaskEvent) -> Void) {
        state.withLock { $0.taps.append(handler) }
    }

    func tapRetries(_ handler: @escaping @Sendable (RetryWait) -> Void) {
        state.withLock { $0.retryTaps.append(handler) }
    }

    func observe(_ status: StorageTaskStatus, _ handler: @escaping @Sendable (ClientTaskEvent) -> Void) -> String {
        let handle = "\(id).o\(UUID().uuidString.prefix(8))"
        state.withLock { $0.observers[handle] = handler }
        send(
            "observe",
            [
                .init("task", .string(id)), .init("status", .string(status.description)),
                .init("observer", .string(handle)),
            ])
        return handle
    }

    func removeObserver(_ handle: String) {
        send("removeObserver", [.init("task", .string(id)), .init("observer", .string(handle))])
    }

    func removeAllObservers(for status: StorageTaskStatus?) {
        send(
            "removeAllObservers",
            [.init("task", .string(id)), .init("status", status.map { .string($0.description) } ?? .null)])
    }

    func pause() { send("pause", [.init("task", .string(id))]) }
    func resume() { send("resume", [.init("task", .string(id))]) }
    func cancel() { send("cancel", [.init("task", .string(id))]) }

    /// The SDK refused the transfer at the call: later controls fail instead of reaching the driver.
    func refuse() {
        state.withLock { $0.refused = true }
    }

    private func send(_ op: String, _ fields: [JSONValue.Member]) {
        if state.withLock({ $0.refused }) {
            client.controlRefused(op, task: id)
        } else {
            client.control(op, fields)
        }
    }

    var isFinished: Bool { state.withLock { $0.finished } }
    var current: ClientTaskEvent { state.withLock { $0.current } }
    var product: ClientTaskProduct? { state.withLock { $0.product } }
}

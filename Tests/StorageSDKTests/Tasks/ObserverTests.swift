import Foundation
import StorageSDK
import Testing

/// `observe`, the removal calls, catch-up after the end, and `tap` (docs/semantics.md §5.2).
@Suite struct ObserverTests {
    /// An upload of 3000 bytes in 1000-byte chunks: resume, three progress, success.
    static func upload(_ path: String = "observed") -> (Storage, StorageUploadTask) {
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        return (storage, storage.reference(withPath: path).putData(bytes(3000)))
    }

    @Test func everyObserveReturnsADistinctHandle() {
        let (_, task) = Self.upload()
        let handles = StorageTaskStatus.allCases.flatMap { status in
            [task.observe(status) { _ in }, task.observe(status) { _ in }]
        }
        #expect(Set(handles).count == handles.count)
        #expect(handles.allSatisfy { !$0.isEmpty })
    }

    @Test(arguments: [StorageTaskStatus.resume, .progress, .success])
    func anObserverSeesItsStatusOnly(status: StorageTaskStatus) {
        let (_, task) = Self.upload()
        let seen = Recorder<StorageTaskStatus>()
        task.observe(status) { seen.append($0.status) }
        task.wait()
        let expected = ["resume": 1, "progress": 3, "success": 1][status.description] ?? 0
        #expect(seen.values == Array(repeating: status, count: expected))
    }

    @Test func pauseAndFailureObserversSeeTheirEvents() {
        let (_, task) = Self.upload()
        let seen = Recorder<String>()
        task.observe(.pause) { seen.append(EventLog.describe($0)) }
        task.observe(.failure) { seen.append(EventLog.describe($0)) }
        task.observe(.progress) { snapshot in
            if snapshot.progress.completedUnitCount == 1000 { snapshot.task.pause() }
        }
        task.observe(.pause) { $0.task.cancel() }
        task.wait()
        #expect(seen.values == ["pause", "failure(cancelled)"])
    }

    @Test func observersOfOneStatusRunInRegistrationOrder() {
        let (_, task) = Self.upload()
        let order = Recorder<String>()
        for name in ["first", "second", "third"] {
            task.observe(.progress) { order.append("\(name) \($0.progress.completedUnitCount)") }
        }
        task.wait()
        #expect(
            order.values == [
                "first 1000", "second 1000", "third 1000", "first 2000", "second 2000", "third 2000",
                "first 3000", "second 3000", "third 3000",
            ])
    }

    @Test func removeObserverWithHandleStopsDelivery() {
        let (_, task) = Self.upload()
        let seen = Recorder<Int64>()
        let kept = Recorder<Int64>()
        let handle = HandleBox()
        handle.value = task.observe(.progress) { snapshot in
            seen.append(snapshot.progress.completedUnitCount)
            snapshot.task.removeObserver(withHandle: handle.value)
        }
        task.observe(.progress) { kept.append($0.progress.completedUnitCount) }
        task.removeObserver(withHandle: "no-such-handle")
        task.wait()
        #expect(seen.values == [1000])
        #expect(kept.values == [1000, 2000, 3000])
    }

    @Test func removeAllObserversForAStatusLeavesTheOthers() {
        let (_, task) = Self.upload()
        let seen = Recorder<StorageTaskStatus>()
        task.observe(.progress) { seen.append($0.status) }
        task.observe(.progress) { seen.append($0.status) }
        task.observe(.success) { seen.append($0.status) }
        task.observe(.resume) { seen.append($0.status) }
        task.removeAllObservers(for: .progress)
        task.removeAllObservers(for: .pause)
        task.wait()
        #expect(seen.values == [.resume, .success])
    }

    @Test func removeAllObserversStopsEverythingButTaps() {
        let (_, task) = Self.upload()
        let seen = Recorder<StorageTaskStatus>()
        for status in StorageTaskStatus.allCases {
            task.observe(status) { seen.append($0.status) }
        }
        let log = EventLog(task)
        task.removeAllObservers()
        task.wait()
        #expect(seen.values.isEmpty)
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(3000)", "success"])
    }

    @Test func removeAllObserversFromAHandlerStopsTheRest() {
        let (_, task) = Self.upload()
        let seen = Recorder<Int64>()
        task.observe(.progress) { snapshot in
            seen.append(snapshot.progress.completedUnitCount)
            if snapshot.progress.completedUnitCount == 2000 { snapshot.task.removeAllObservers() }
        }
        let log = EventLog(task)
        task.wait()
        #expect(seen.values == [1000, 2000])
        #expect(log.statuses.last == "success")
    }

    @Test func everyObserverIsReleasedAfterSuccessWhileTheTaskLives() {
        let (_, task) = Self.upload()
        weak var released: Sentinel?
        do {
            let sentinel = Sentinel()
            released = sentinel
            task.observe(.pause) { _ in _ = sentinel }
            task.observe(.failure) { _ in _ = sentinel }
        }
        #expect(released != nil)
        task.wait()
        #expect(task.snapshot.status == .success)
        #expect(released == nil)
    }

    @Test func everyObserverIsReleasedAfterAFailureWhileTheTaskLives() {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "missing").getData(maxSize: 10)
        weak var released: Sentinel?
        do {
            let sentinel = Sentinel()
            released = sentinel
            task.observe(.success) { _ in _ = sentinel }
        }
        #expect(released != nil)
        task.wait()
        #expect(task.snapshot.status == .failure)
        #expect(released == nil)
    }

    @Test func anObserverAddedInASuccessHandlerIsCalledOnceThenGone() {
        let (_, task) = Self.upload()
        let late = Recorder<StorageTaskStatus>()
        task.observe(.success) { snapshot in
            snapshot.task.observe(.success) { late.append($0.status) }
            snapshot.task.observe(.progress) { late.append($0.status) }
        }
        task.wait()
        task.resume()
        task.pause()
        task.cancel()
        task.wait()
        #expect(late.values == [.success])
    }

    @Test func aSuccessObserverAddedAfterSuccessGetsTheFinalSnapshotOnce() throws {
        let (_, task) = Self.upload()
        task.wait()
        let late = Recorder<StorageTaskSnapshot>()
        task.observe(.success) { late.append($0) }
        task.observe(.failure) { late.append($0) }
        task.observe(.progress) { late.append($0) }
        task.observe(.resume) { late.append($0) }
        task.wait()
        #expect(late.values.count == 1)
        let snapshot = try #require(late.values.first)
        #expect(snapshot.status == .success)
        #expect(snapshot.progress == StorageProgress(completedUnitCount: 3000, totalUnitCount: 3000))
        #expect(snapshot.metadata == (try task.result?.get()))
        #expect(snapshot.metadata?.isFile == true)
        #expect(snapshot.error == nil)
        #expect(snapshot.reference == task.reference)
        #expect(snapshot.task === task)
    }

    @Test func aFailureObserverAddedAfterAServiceFailureIsCalledOnce() throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "missing").getData(maxSize: 10)
        task.wait()
        let late = Recorder<StorageTaskSnapshot>()
        task.observe(.failure) { late.append($0) }
        task.observe(.success) { late.append($0) }
        #expect(late.values.count == 1)
        #expect(late.values.first?.error?.code == .objectNotFound)
        #expect(late.values.first?.status == .failure)
    }

    @Test func aFailureObserverAddedAfterACancelIsNeverCalled() {
        let (_, task) = Self.upload()
        task.cancel()
        task.wait()
        let late = Recorder<StorageTaskStatus>()
        for status in StorageTaskStatus.allCases {
            task.observe(status) { late.append($0.status) }
        }
        task.wait()
        #expect(late.values.isEmpty)
        #expect(task.snapshot.error?.code == .cancelled)
    }

    @Test func observingUnknownRegistersNothing() {
        let (_, task) = Self.upload()
        let seen = Recorder<StorageTaskStatus>()
        let handle = task.observe(.unknown) { seen.append($0.status) }
        #expect(!handle.isEmpty)
        task.wait()
        task.observe(.unknown) { seen.append($0.status) }
        #expect(seen.values.isEmpty)
    }

    @Test func nothingIsDeliveredAfterTheTerminalEvent() {
        let (_, task) = Self.upload()
        let log = EventLog(task) { snapshot in
            if snapshot.status == .success || snapshot.status == .failure {
                snapshot.task.pause()
                snapshot.task.resume()
                snapshot.task.cancel()
            }
        }
        task.wait()
        task.pause()
        task.resume()
        task.cancel()
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(3000)", "success"])
    }

    @Test func tapsRunBeforeObservers() {
        let (_, task) = Self.upload()
        let order = Recorder<String>()
        task.observe(.success) { _ in order.append("observer") }
        task.tap { snapshot in
            if snapshot.status == .success { order.append("tap") }
        }
        task.wait()
        #expect(order.values == ["tap", "observer"])
    }

    @Test func aTapAddedAfterTheEndSeesNothing() {
        let (_, task) = Self.upload()
        task.wait()
        let log = EventLog(task)
        task.cancel()
        task.wait()
        #expect(log.events.isEmpty)
    }

    @Test func aCancelFromAHandlerIsTheLastEvent() {
        let (_, task) = Self.upload()
        let seen = Recorder<String>()
        task.observe(.progress) { snapshot in
            snapshot.task.cancel()
            seen.append("first handler")
        }
        task.observe(.progress) { _ in seen.append("second handler") }
        task.observe(.failure) { seen.append(EventLog.describe($0)) }
        task.wait()
        #expect(seen.values == ["first handler", "second handler", "failure(cancelled)"])
    }
}

/// Values appended from handlers, read by the test.
final class Recorder<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var items: [Value] = []

    func append(_ value: Value) {
        lock.lock()
        items.append(value)
        lock.unlock()
    }

    var values: [Value] {
        lock.lock()
        defer { lock.unlock() }
        return items
    }
}

/// A handle filled in after `observe` returns, for the handler itself to use.
final class HandleBox: @unchecked Sendable {
    private let lock = NSLock()
    private var handle = ""

    var value: String {
        get {
            lock.lock()
            defer { lock.unlock() }
            return handle
        }
        set {
            lock.lock()
            handle = newValue
            lock.unlock()
        }
    }
}

/// An object whose release shows that whatever held it let go.
final class Sentinel: Sendable {}

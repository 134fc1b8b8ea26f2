import Dispatch
import Foundation
import StorageSDK
import Testing

/// Controls from other threads while the task's work runs on the waiting thread: whatever the timing,
/// the task ends with exactly one terminal event and nothing after it.
@Suite struct ThreadTests {
    /// Checks the shape every run must have, whoever won the race.
    static func checkOneEnding(_ log: EventLog, _ task: StorageObservableTask) {
        let events = log.statuses
        let endings = events.filter { $0 == "success" || $0 == "failure" }
        #expect(endings.count == 1)
        #expect(events.last == endings.first)
        #expect(events.first == "resume" || events.first == "pause" || events.first == "failure")
        let completed = log.snapshots.map(\.progress.completedUnitCount)
        #expect(completed == completed.sorted())
        #expect(task.isFinished)
    }

    /// An upload of many small chunks, so that a control from another thread lands mid-way.
    static func longUpload(_ storage: Storage, _ path: String) -> StorageUploadTask {
        storage.uploadChunkSizeBytes = 16
        return storage.reference(withPath: path).putData(bytes(16 * 400))
    }

    @Test func cancelFromAnotherThreadWhileTheWaiterRunsTheTask() throws {
        for round in 0..<10 {
            let (storage, backend) = makeRecordedStorage(granularity: 1)
            let task = Self.longUpload(storage, "cancel-\(round)")
            let log = EventLog(task) { snapshot in
                if snapshot.status == .progress, snapshot.progress.completedUnitCount == 16 {
                    DispatchQueue.global().async { snapshot.task.cancel() }
                }
            }
            #expect(task.wait(timeout: 60))
            Self.checkOneEnding(log, task)
            let session = try #require(backend.sessions.first)
            let state = try backend.inner.queryUpload(session: session).state
            if log.statuses.last == "failure" {
                #expect(task.snapshot.error?.code == .cancelled)
                // The cancel may land while the last chunk is on its way: the service may have committed it.
                #expect(state == .cancelled || state == .final)
                #expect(backend.calls.last == .cancelUpload)
            } else {
                #expect(state == .final)
                #expect(try task.result?.get().size == 6400)
            }
        }
    }

    @Test func pauseResumeAndCancelFromAnotherThread() {
        for round in 0..<10 {
            let (storage, _) = makeStorage(granularity: 1)
            let task = Self.longUpload(storage, "pause-\(round)")
            let log = EventLog(task) { snapshot in
                if snapshot.status == .progress, snapshot.progress.completedUnitCount == 16 {
                    DispatchQueue.global().async {
                        snapshot.task.pause()
                        snapshot.task.resume()
                        snapshot.task.pause()
                        snapshot.task.cancel()
                    }
                }
            }
            #expect(task.wait(timeout: 60))
            Self.checkOneEnding(log, task)
            let events = log.statuses
            #expect(events.filter { $0 == "pause" }.count <= 2)
            #expect(events.filter { $0 == "resume" }.count == 1 + (events.contains("pause") ? 1 : 0))
        }
    }

    @Test func aPausedTaskIsResumedByAnotherThreadWhileTheWaiterWaits() throws {
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let data = bytes(3000)
        let reference = storage.reference(withPath: "resumed-elsewhere")
        let task = reference.putData(data)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 { snapshot.task.pause() }
            if snapshot.status == .pause {
                DispatchQueue.global().async { snapshot.task.resume() }
            }
        }
        #expect(task.wait(timeout: 60))
        #expect(
            log.events == [
                "resume", "progress(1000)", "pause", "resume", "progress(2000)", "progress(3000)", "success",
            ])
        #expect(try task.result?.get().size == 3000)
    }

    @Test func aDownloadCancelledFromAnotherThreadEndsOnce() throws {
        for round in 0..<10 {
            let folder = try TemporaryFolder()
            let (storage, backend) = makeStorage()
            try backend.seed(bucket: "bucket", name: "d", data: bytes(16 * 400))
            storage.downloadChunkSizeBytes = 16
            let destination = folder.file("d-\(round).bin")
            let task = storage.reference(withPath: "d").write(toFile: destination)
            let log = EventLog(task) { snapshot in
                if snapshot.status == .progress, snapshot.progress.completedUnitCount == 16 {
                    DispatchQueue.global().async { snapshot.task.cancel() }
                }
            }
            #expect(task.wait(timeout: 60))
            Self.checkOneEnding(log, task)
            let files = try folder.contents()
            #expect(!files.contains { $0.hasSuffix(".partial") })
            if log.statuses.last == "success" {
                #expect(files == ["d-\(round).bin"])
            }
        }
    }

    @Test func twoThreadsWaitingForTheSameTaskBothReturn() {
        let (storage, _) = makeStorage(granularity: 1)
        let task = Self.longUpload(storage, "two-waiters")
        let log = EventLog(task)
        let other = Counter()
        let group = DispatchGroup()
        group.enter()
        DispatchQueue.global().async {
            if task.wait(timeout: 60) { other.increment() }
            group.leave()
        }
        #expect(task.wait(timeout: 60))
        #expect(group.wait(timeout: .now() + 60) == .success)
        #expect(other.value == 1)
        Self.checkOneEnding(log, task)
        #expect(log.statuses.last == "success")
        #expect(log.statuses.filter { $0 == "progress" }.count == 400)
    }

    @Test func aWaitWithATimeoutReturnsFalseForATaskNobodyResumes() {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "stuck").putData(bytes(5))
        task.pause()
        #expect(!task.wait(timeout: 0.05))
        #expect(!task.isFinished)
        task.resume()
        #expect(task.wait(timeout: 60))
        #expect(task.snapshot.status == .success)
    }
}

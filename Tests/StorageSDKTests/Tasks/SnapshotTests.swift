import Foundation
import StorageAPI
import StorageSDK
import Testing

/// Snapshot fields and the SDK's description strings (docs/semantics.md §5.1).
@Suite struct SnapshotTests {
    @Test func descriptionsOfEveryEvent() {
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "described").putData(bytes(3000))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 { snapshot.task.pause() }
            if snapshot.status == .pause { snapshot.task.resume() }
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 { snapshot.task.cancel() }
        }
        task.wait()
        #expect(
            log.snapshots.map(\.description) == [
                "<State: Resume>",
                "<State: Progress, Progress: 1000/3000>",
                "<State: Paused>",
                "<State: Resume>",
                "<State: Progress, Progress: 2000/3000>",
                "<State: Failed, Error: cancelled (-13040): User cancelled the upload/download.",
            ])
    }

    @Test func theSuccessDescription() {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "ok").putData(bytes(1))
        task.wait()
        #expect(task.snapshot.description == "<State: Success>")
        #expect("\(task.snapshot)" == "<State: Success>")
    }

    @Test func statusesHaveTheSDKsRawValuesAndNames() {
        #expect(StorageTaskStatus.allCases.map(\.rawValue) == [0, 1, 2, 3, 4, 5])
        #expect(
            StorageTaskStatus.allCases.map(\.description) == [
                "unknown", "resume", "progress", "pause", "success", "failure",
            ])
    }

    @Test func theCurrentSnapshotFollowsTheTask() {
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "followed").putData(bytes(2000))
        #expect(task.snapshot.status == .resume)
        #expect(!task.isFinished)
        _ = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        #expect(task.snapshot.status == .pause)
        #expect(task.snapshot.progress.completedUnitCount == 1000)
        #expect(task.snapshot.error == nil)
        task.cancel()
        task.wait()
        #expect(task.isFinished)
        #expect(task.snapshot.status == .failure)
        #expect(task.snapshot.error?.code == .cancelled)
    }

    @Test func snapshotsNameTheirTaskAndReference() {
        let (storage, _) = makeStorage()
        let reference = storage.reference(withPath: "named")
        let task = reference.putData(bytes(1))
        let log = EventLog(task)
        task.wait()
        #expect(log.snapshots.count == 3)
        #expect(log.snapshots.allSatisfy { $0.task === task && $0.reference == reference })
        #expect(log.snapshots.map { $0.error == nil } == [true, true, true])
    }

    @Test func aFailureSnapshotCarriesTheError() throws {
        let (storage, backend) = makeStorage()
        backend.setRules(StorageRules(entries: []), bucket: "bucket")
        let task = storage.reference(withPath: "denied").putData(bytes(1))
        let log = EventLog(task)
        task.wait()
        let failure = try #require(log.snapshots.last)
        #expect(failure.status == .failure)
        #expect(failure.error?.code == .unauthorized)
        #expect(
            failure.description
                == "<State: Failed, Error: unauthorized (-13021): User does not have permission to access gs://bucket/denied."
        )
        #expect(failure.metadata?.path == "denied")
    }
}

import Foundation
import StorageSDK
import Testing

/// A pause or cancel that lands while a chunk is on its way, as one from another thread would. The
/// control is made from inside the backend call, so the moment is always the same.
@Suite struct MidStepControlTests {
    /// The task a backend hook acts on, filled in once the task exists.
    final class TaskBox: @unchecked Sendable {
        private let lock = NSLock()
        private var stored: StorageObservableTask?

        var task: StorageObservableTask? {
            get {
                lock.lock()
                defer { lock.unlock() }
                return stored
            }
            set {
                lock.lock()
                stored = newValue
                lock.unlock()
            }
        }
    }

    @Test func aPauseDuringTheLastReadStillEndsInSuccess() throws {
        let (storage, backend) = makeRecordedStorage()
        storage.downloadChunkSizeBytes = 1000
        let data = bytes(2500, seed: 11)
        try backend.inner.seed(bucket: "bucket", name: "d", data: data)
        let box = TaskBox()
        let task = storage.reference(withPath: "d").getData(maxSize: 10_000)
        box.task = task
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 {
                backend.duringNext(.readObject) { box.task?.pause() }
            }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "pause"])
        task.resume()
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(1000)", "progress(2000)", "pause", "resume", "progress(2500)", "success",
            ])
        #expect(try task.dataResult?.get() == data)
    }

    @Test func aPauseDuringTheLastReadOfAFileStillWritesIt() throws {
        let folder = try TemporaryFolder()
        let (storage, backend) = makeRecordedStorage()
        storage.downloadChunkSizeBytes = 1000
        let data = bytes(1500, seed: 12)
        try backend.inner.seed(bucket: "bucket", name: "f", data: data)
        let box = TaskBox()
        let destination = folder.file("f.bin")
        let task = storage.reference(withPath: "f").write(toFile: destination)
        box.task = task
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 {
                backend.duringNext(.readObject) { box.task?.pause() }
            }
            if snapshot.status == .pause { snapshot.task.resume() }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "pause", "resume", "progress(1500)", "success"])
        #expect(try task.fileResult?.get() == destination)
        #expect(try Data(contentsOf: destination) == data)
        #expect(try folder.contents() == ["f.bin"])
    }

    @Test func aPauseDuringAMiddleChunkIsResolvedByTheQuery() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let data = bytes(4000, seed: 13)
        let box = TaskBox()
        let reference = storage.reference(withPath: "middle")
        let task = reference.putData(data)
        box.task = task
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 {
                backend.duringNext(.uploadChunk) { box.task?.pause() }
            }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        // The service took the second chunk, but the client reported nothing of it.
        #expect(log.events == ["resume", "progress(1000)", "pause"])
        #expect(task.snapshot.progress.completedUnitCount == 1000)
        task.resume()
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(1000)", "pause", "resume", "progress(3000)", "progress(4000)", "success",
            ])
        #expect(backend.calls.dropFirst(3).first == .queryUpload)
        let download = reference.getData(maxSize: 10_000)
        download.wait()
        #expect(try download.dataResult?.get() == data)
    }

    @Test func aCancelDuringTheLastChunkReportsCancelledWhateverTheServiceDid() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let box = TaskBox()
        let task = storage.reference(withPath: "raced").putData(bytes(2000))
        box.task = task
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 {
                backend.duringNext(.uploadChunk) { box.task?.cancel() }
            }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "failure(cancelled)"])
        #expect(backend.calls.last == .cancelUpload)
        // The last chunk reached the service before the cancel did: the object exists.
        let session = try #require(backend.sessions.first)
        #expect(try backend.inner.queryUpload(session: session).state == .final)
    }

    @Test func aCancelDuringTheLastReadLeavesNoPartialFile() throws {
        let folder = try TemporaryFolder()
        let (storage, backend) = makeRecordedStorage()
        storage.downloadChunkSizeBytes = 1000
        try backend.inner.seed(bucket: "bucket", name: "c", data: bytes(1500))
        let box = TaskBox()
        let task = storage.reference(withPath: "c").write(toFile: folder.file("c.bin"))
        box.task = task
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 {
                backend.duringNext(.readObject) { box.task?.cancel() }
            }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "failure(cancelled)"])
        #expect(try folder.contents().allSatisfy { !$0.hasSuffix(".partial") })
    }

    @Test func aPauseDuringTheLastChunkIsResolvedByTheQuery() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let data = bytes(3000, seed: 14)
        let box = TaskBox()
        let reference = storage.reference(withPath: "last")
        let task = reference.putData(data)
        box.task = task
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 {
                backend.duringNext(.uploadChunk) { box.task?.pause() }
            }
            if snapshot.status == .pause { snapshot.task.resume() }
        }
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(1000)", "progress(2000)", "pause", "resume", "progress(3000)", "success",
            ])
        #expect(backend.calls.suffix(2) == [.uploadChunk(offset: 2000, length: 1000, finalize: true), .queryUpload])
        #expect(try task.result?.get().size == 3000)
    }
}

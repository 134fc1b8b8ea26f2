import Foundation
import StorageAPI
import StorageSDK
import Testing

/// `getData(maxSize:)`: events, results, limits (docs/semantics.md §5.4, §7).
@Suite struct DownloadTaskTests {
    /// A storage reading 1000 bytes at a time, with `data` stored at `name`.
    static func storage(holding data: Data, at name: String = "images/island.jpg") throws -> (Storage, RecordingBackend)
    {
        let (storage, backend) = makeRecordedStorage()
        storage.downloadChunkSizeBytes = 1000
        try backend.inner.seed(bucket: "bucket", name: name, data: data)
        return (storage, backend)
    }

    @Test func getDataFiresResumeAProgressPerChunkAndSuccess() throws {
        let data = bytes(2500, seed: 4)
        let (storage, _) = try Self.storage(holding: data)
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 1 * 1024 * 1024)
        let log = EventLog(task)
        #expect(task.dataResult == nil)
        #expect(task.wait())
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(2500)", "success"])
        #expect(log.snapshots.dropFirst().allSatisfy { $0.progress.totalUnitCount == 2500 })
        #expect(log.snapshots.allSatisfy { $0.metadata == nil && $0.error == nil })
        #expect(try task.dataResult?.get() == data)
        #expect(task.snapshot.status == .success)
    }

    @Test func theTotalIsUnknownUntilTheFirstAnswer() throws {
        let (storage, _) = try Self.storage(holding: bytes(10))
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 100)
        let log = EventLog(task)
        #expect(task.snapshot.progress == StorageProgress(completedUnitCount: 0, totalUnitCount: -1))
        #expect(task.snapshot.progress.fractionCompleted == 0)
        task.wait()
        #expect(log.snapshots.first?.progress.totalUnitCount == -1)
        #expect(task.snapshot.progress == StorageProgress(completedUnitCount: 10, totalUnitCount: 10))
    }

    @Test func aLargerObjectThanMaxSizeFailsEarly() throws {
        let (storage, backend) = try Self.storage(holding: bytes(2500))
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 1024)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(downloadSizeExceeded)"])
        let error = try #require(task.snapshot.error)
        #expect(error.code.rawValue == -13032)
        #expect(
            error.message
                == "Attempted to download object with size of 2500 bytes, which exceeds the maximum size of 1024 bytes. "
                + "Consider raising the maximum download maxSize, or using StorageReference.write")
        #expect(backend.calls(.readObject).count == 1)
        #expect(throws: StorageError.self) { try task.dataResult?.get() }
    }

    @Test(arguments: [2500, 2501, Int64.max])
    func aMaxSizeAtLeastTheSizeSucceeds(maxSize: Int64) throws {
        let data = bytes(2500)
        let (storage, _) = try Self.storage(holding: data)
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: maxSize)
        task.wait()
        #expect(try task.dataResult?.get() == data)
    }

    @Test(arguments: [0, -1])
    func aZeroOrNegativeMaxSizeFailsAnyNonEmptyObject(maxSize: Int64) throws {
        let (storage, _) = try Self.storage(holding: bytes(1))
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: maxSize)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(downloadSizeExceeded)"])
    }

    @Test(arguments: [Int64(0), -3, 1])
    func aDownloadChunkSizeBelowOneReadsOneByteAtATime(chunkSize: Int64) throws {
        let (storage, backend) = try Self.storage(holding: bytes(3))
        storage.downloadChunkSizeBytes = chunkSize
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1)", "progress(2)", "progress(3)", "success"])
        #expect(backend.calls(.readObject).count == 3)
        #expect(try task.dataResult?.get() == bytes(3))
    }

    @Test func anEmptyObjectGivesOneProgressThenSuccess() throws {
        let (storage, _) = try Self.storage(holding: Data())
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 0)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(0)", "success"])
        #expect(try task.dataResult?.get() == Data())
    }

    @Test func aMissingObjectIsObjectNotFound() throws {
        let (storage, _) = try Self.storage(holding: bytes(1))
        let task = storage.reference(withPath: "images/missing.jpg").getData(maxSize: 100)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(objectNotFound)"])
        let error = try #require(task.snapshot.error)
        #expect(error.message == "Object images/missing.jpg does not exist.")
        #expect(error.code.rawValue == -13010)
        #expect(error.bucket == "bucket")
        #expect(error.object == "images/missing.jpg")
        #expect(task.dataResult == .failure(error))
    }

    @Test func cancelDuringADownloadFailsWithCancelled() throws {
        let (storage, backend) = try Self.storage(holding: bytes(3500))
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10_000)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 { snapshot.task.cancel() }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "failure(cancelled)"])
        #expect(task.snapshot.error?.message == "User cancelled the upload/download.")
        #expect(backend.calls(.readObject).count == 2)
        #expect(task.dataResult == .failure(.cancelled(bucket: "bucket", object: "images/island.jpg")))
    }

    @Test func pauseAndResumeOfA1MiBDownload() throws {
        let (storage, backend) = makeRecordedStorage()
        let data = bytes(1024 * kibibyte, seed: 2)
        try backend.inner.seed(bucket: "bucket", name: "1mb", data: data)
        let task = storage.reference(withPath: "1mb").getData(maxSize: 1024 * 1024)
        let paused = Counter()
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount >= 256 * 1024, paused.value == 0 {
                snapshot.task.pause()
            }
            if snapshot.status == .pause {
                paused.increment()
                snapshot.task.resume()
            }
        }
        task.wait()
        #expect(log.events.filter { $0 == "pause" }.count == 1)
        #expect(
            log.events == [
                "resume", "progress(262144)", "pause", "resume", "progress(524288)", "progress(786432)",
                "progress(1048576)", "success",
            ])
        let completed = log.snapshots.map(\.progress.completedUnitCount)
        #expect(completed == completed.sorted())
        #expect(try task.dataResult?.get() == data)
    }

    @Test func anAnswerReachingPastTheEndFailsTheDownload() throws {
        let (storage, backend) = try Self.storage(holding: bytes(2500))
        backend.rewriteNextRead { read in ObjectRead(data: read.data + Data(count: 2000), totalSize: read.totalSize) }
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10_000)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(task.snapshot.error?.cause?.kind == .malformedResponse)
    }

    @Test func anEmptyAnswerBeforeTheEndFailsInsteadOfLoopingForever() throws {
        let (storage, backend) = try Self.storage(holding: bytes(2500))
        backend.rewriteNextRead { read in ObjectRead(data: Data(), totalSize: read.totalSize) }
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10_000)
        let log = EventLog(task)
        #expect(task.wait(timeout: 60))
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(task.snapshot.error?.cause?.kind == .malformedResponse)
    }

    /// The later reads carry the first answer's ETag as If-Range: the replaced object comes back whole.
    @Test func anObjectReplacedMidwayRestartsTheDownloadOnTheNewObject() throws {
        let (storage, backend) = try Self.storage(holding: bytes(2500))
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10_000)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress {
                _ = try? backend.inner.seed(bucket: "bucket", name: "images/island.jpg", data: bytes(3000))
            }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(3000)", "success"])
        #expect(try task.dataResult?.get() == bytes(3000))
    }

    @Test(arguments: [Int64(1) << 62, -5])
    func anAbsurdTotalFromTheServiceFailsWithoutCrashing(total: Int64) throws {
        let (storage, backend) = try Self.storage(holding: bytes(2500))
        backend.rewriteNextRead { read in ObjectRead(data: read.data, totalSize: total) }
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: .max)
        let log = EventLog(task)
        task.wait()
        #expect(log.events.last == "failure(unknown)")
        #expect(log.events.filter { $0.hasPrefix("failure") }.count == 1)
    }

    @Test func aServiceFailureMidwayIsRetriedFromTheByteReceived() throws {
        let (base, backend) = try Self.storage(holding: bytes(2500))
        let storage = Storage(bucket: base.bucket, backend: base.backend, clock: VirtualClock())
        storage.downloadChunkSizeBytes = base.downloadChunkSizeBytes
        backend.fail(.readObject, with: BackendError(status: 503, "Unavailable."), skipping: 1)
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10_000)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(2500)", "success"])
        #expect(try task.dataResult?.get() == bytes(2500))
    }

    @Test func aServiceFailureMidwayMapsItsStatus() throws {
        let (storage, backend) = try Self.storage(holding: bytes(2500))
        storage.maxDownloadRetryTime = 0  // no retry: the first failure is the answer
        backend.fail(.readObject, with: BackendError(status: 503, "Unavailable."), skipping: 1)
        let task = storage.reference(withPath: "images/island.jpg").getData(maxSize: 10_000)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "failure(unknown)"])
        #expect(task.snapshot.error?.message == "Unexpected 503 code from backend")
    }
}

/// A thread-safe count, for handlers.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var count = 0

    var value: Int {
        lock.lock()
        defer { lock.unlock() }
        return count
    }

    func increment() {
        lock.lock()
        count += 1
        lock.unlock()
    }
}

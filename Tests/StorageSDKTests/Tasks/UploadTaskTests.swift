import Foundation
import StorageAPI
import Testing

@Suite struct UploadTaskTests {
    @Test func uploadFiresResumeAProgressPerChunkAndSuccess() throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "images/rivers.jpg").putData(bytes(1024 * kibibyte))
        let log = EventLog(task)
        #expect(task.wait())
        #expect(
            log.events == [
                "resume", "progress(262144)", "progress(524288)", "progress(786432)", "progress(1048576)", "success",
            ])
        let metadata = try #require(try task.result?.get())
        #expect(metadata.size == 1_048_576)
        #expect(metadata.path == "images/rivers.jpg")
        #expect(metadata.name == "rivers.jpg")
        #expect(metadata.contentType == "application/octet-stream")
        #expect(metadata.md5Hash?.count == 24)
    }

    @Test func nothingRunsUntilSomeoneWaits() {
        let (storage, backend) = makeStorage()
        let task = storage.reference(withPath: "a").putData(bytes(10))
        let log = EventLog(task)
        #expect(log.events.isEmpty)
        #expect(throws: BackendError.self) { try backend.getMetadata(ObjectAddress(bucket: "bucket", name: "a")) }
        task.wait()
        #expect(log.statuses == ["resume", "progress", "success"])
    }

    @Test func pauseInsideAProgressHandlerTakesEffectBeforeTheNextChunk() throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "big").putData(bytes(1024 * kibibyte))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 256 * Int64(kibibyte) {
                snapshot.task.pause()
            }
            if snapshot.status == .pause { snapshot.task.resume() }
        }
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(262144)", "pause", "resume", "progress(524288)", "progress(786432)",
                "progress(1048576)", "success",
            ])
    }

    @Test func theSameProgramGivesTheSameEventsEveryTime() {
        func run() -> [String] {
            let (storage, _) = makeStorage(granularity: 1000)
            storage.uploadChunkSizeBytes = 2500
            let task = storage.reference(withPath: "x").putData(bytes(10_000))
            let log = EventLog(task) { snapshot in
                if snapshot.status == .progress, snapshot.progress.completedUnitCount == 4000 { snapshot.task.pause() }
            }
            storage.runPendingWork { task.snapshot.status == .pause }
            task.resume()
            task.wait()
            return log.events
        }
        let first = run()
        #expect(
            first == [
                "resume", "progress(2000)", "progress(4000)", "pause", "resume", "progress(6000)", "progress(8000)",
                "progress(10000)", "success",
            ])
        for _ in 0..<20 { #expect(run() == first) }
    }

    @Test func pauseBeforeStartSendsNothingUntilResume() {
        let (storage, backend) = makeStorage()
        let task = storage.reference(withPath: "p").putData(bytes(5))
        let log = EventLog(task)
        task.pause()
        #expect(!storage.runPendingWork { task.isFinished })
        #expect(log.events == ["pause"])
        #expect(throws: BackendError.self) { try backend.getMetadata(ObjectAddress(bucket: "bucket", name: "p")) }
        task.resume()
        task.wait()
        #expect(log.events == ["pause", "resume", "progress(5)", "success"])
    }

    @Test func resumeOfATaskThatIsNotPausedDoesNothing() {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "r").putData(bytes(5))
        let log = EventLog(task)
        task.resume()
        task.wait()
        task.resume()
        task.pause()
        task.cancel()
        #expect(log.events == ["resume", "progress(5)", "success"])
    }

    @Test func cancelFiresFailureWithCancelledAndTellsTheService() throws {
        let (storage, backend) = makeStorage()
        let task = storage.reference(withPath: "c").putData(bytes(600 * kibibyte))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.cancel() }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(262144)", "failure(cancelled)"])
        let error = try #require(task.snapshot.error)
        #expect(error.code == .cancelled)
        #expect(error.message == "User cancelled the upload/download.")
        #expect(throws: BackendError.self) { try backend.getMetadata(ObjectAddress(bucket: "bucket", name: "c")) }
    }

    @Test func emptyDataStillProducesOneProgress() throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "empty").putData(Data())
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(0)", "success"])
        #expect(try task.result?.get().size == 0)
    }

    @Test(arguments: ["", "/", "//"]) func uploadToTheRootOrAnEmptyPathIsInvalidArgument(path: String) throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: path).putData(bytes(3))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["failure(invalidArgument)"])
        let error = try #require(task.snapshot.error)
        #expect(error.message.hasPrefix("The operation 'put' cannot be performed on a root reference"))
    }
}

import Foundation
import StorageAPI
import Testing

/// A paused or refused transfer asks the service where it stands (docs/semantics.md §5).
@Suite struct ResumeTests {
    @Test func aResumedUploadQueriesAndContinuesFromTheServicesCount() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let data = bytes(5000, seed: 3)
        let reference = storage.reference(withPath: "resumed")
        let task = reference.putData(data)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "pause"])
        // Behind the client's back, the service receives the next chunk (a request that got through late).
        let session = try #require(backend.sessions.first)
        _ = try backend.inner.uploadChunk(
            session: session, offset: 2000, data: data.subdata(in: 2000..<3000), finalize: false)
        let before = backend.calls.count
        task.resume()
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(1000)", "progress(2000)", "pause", "resume", "progress(4000)", "progress(5000)",
                "success",
            ])
        #expect(
            Array(backend.calls.dropFirst(before)) == [
                .queryUpload, .uploadChunk(offset: 3000, length: 1000, finalize: false),
                .uploadChunk(offset: 4000, length: 1000, finalize: true),
            ])
        let download = reference.getData(maxSize: 10_000)
        download.wait()
        #expect(try download.dataResult?.get() == data)
    }

    @Test func aPausedUploadSendsNothingUntilResumed() {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "quiet").putData(bytes(3000))
        _ = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
        }
        #expect(!storage.runPendingWork { task.isFinished })
        let calls = backend.calls
        #expect(
            calls == [.startUpload(name: "quiet", size: 3000), .uploadChunk(offset: 0, length: 1000, finalize: false)])
        #expect(!storage.runPendingWork { task.isFinished })
        #expect(backend.calls == calls)
    }

    @Test func aChunkRefusedAtAWrongOffsetMakesTheClientQueryAndContinue() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let data = bytes(4000, seed: 9)
        let reference = storage.reference(withPath: "refused")
        let task = reference.putData(data)
        let log = EventLog(task) { snapshot in
            // The second chunk reaches the service twice: the copy is taken, the client's own is refused.
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 {
                backend.deliverAheadOfNextChunk(bytes: 1000)
            }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(3000)", "progress(4000)", "success"])
        #expect(
            backend.calls.dropFirst() == [
                .uploadChunk(offset: 0, length: 1000, finalize: false),
                .uploadChunk(offset: 1000, length: 1000, finalize: false),
                .queryUpload,
                .uploadChunk(offset: 2000, length: 1000, finalize: false),
                .uploadChunk(offset: 3000, length: 1000, finalize: true),
            ])
        let download = reference.getData(maxSize: 10_000)
        download.wait()
        #expect(try download.dataResult?.get() == data)
    }

    @Test func aRefusalTheQueryDoesNotExplainFailsTheUpload() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        backend.fail(.uploadChunk, with: .badRequest("Nope."), skipping: 1)
        let task = storage.reference(withPath: "bad").putData(bytes(3000))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "failure(unknown)"])
        #expect(task.snapshot.error?.message == "Unknown 400 error from backend")
        #expect(task.snapshot.error?.serverStatus == 400)
        #expect(backend.calls.suffix(2) == [.uploadChunk(offset: 1000, length: 1000, finalize: false), .queryUpload])
    }

    @Test func aFailedQueryOnResumeFailsTheUpload() {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "q").putData(bytes(3000))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
            if snapshot.status == .pause {
                backend.fail(.queryUpload, with: .notFound())
                snapshot.task.resume()
            }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "pause", "resume", "failure(objectNotFound)"])
    }

    @Test func aQueryAnswerOutsideTheUploadIsAMalformedAnswer() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "odd").putData(bytes(3000))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
            if snapshot.status == .pause {
                backend.rewriteNextQuery { _ in UploadStatus(state: .active, receivedBytes: 99_999) }
                snapshot.task.resume()
            }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "pause", "resume", "failure(unknown)"])
        let error = try #require(task.snapshot.error)
        #expect(error.cause?.kind == .malformedResponse)
    }

    @Test func aResumeFindingTheUploadFinishedSucceeds() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let data = bytes(2000)
        let task = storage.reference(withPath: "done").putData(data)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        let session = try #require(backend.sessions.first)
        _ = try backend.inner.uploadChunk(
            session: session, offset: 1000, data: data.subdata(in: 1000..<2000), finalize: true)
        task.resume()
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "pause", "resume", "progress(2000)", "success"])
        #expect(try task.result?.get().size == 2000)
    }

    @Test func aResumeAfterTheServiceDroppedTheSessionFails() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "dropped").putData(bytes(2000))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        try backend.inner.cancelUpload(session: try #require(backend.sessions.first))
        task.resume()
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "pause", "resume", "failure(unknown)"])
    }

    @Test func cancelTellsTheService() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "cancelled").putData(bytes(3000))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.cancel() }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "failure(cancelled)"])
        #expect(backend.calls.last == .cancelUpload)
        let session = try #require(backend.sessions.first)
        #expect(try backend.inner.queryUpload(session: session).state == .cancelled)
        #expect(throws: BackendError.self) {
            try backend.inner.getMetadata(ObjectAddress(bucket: "bucket", name: "cancelled"))
        }
    }

    @Test func cancelWhilePausedTellsTheService() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "pc").putData(bytes(3000))
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        task.cancel()
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "pause", "failure(cancelled)"])
        #expect(backend.calls.last == .cancelUpload)
    }

    @Test func cancelBeforeStartSendsNothing() {
        let (storage, backend) = makeRecordedStorage()
        let task = storage.reference(withPath: "never").putData(bytes(10))
        let log = EventLog(task)
        task.cancel()
        task.wait()
        #expect(log.events == ["failure(cancelled)"])
        #expect(backend.calls.isEmpty)
    }

    @Test func aHugeChunkSizeContinuesFromWhereTheServiceStands() throws {
        let (storage, backend) = makeRecordedStorage(granularity: 1)
        storage.uploadChunkSizeBytes = .max
        let data = bytes(500)
        let reference = storage.reference(withPath: "huge")
        backend.deliverAheadOfNextChunk(bytes: 100)
        let task = reference.putData(data)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(500)", "success"])
        #expect(
            backend.calls.dropFirst() == [
                .uploadChunk(offset: 0, length: 500, finalize: true), .queryUpload,
                .uploadChunk(offset: 100, length: 400, finalize: true),
            ])
        let download = reference.getData(maxSize: 1000)
        download.wait()
        #expect(try download.dataResult?.get() == data)
    }

    @Test func aResumedDownloadReadsFromTheReceivedOffset() throws {
        let (storage, backend) = makeRecordedStorage()
        storage.downloadChunkSizeBytes = 1000
        let data = bytes(3500, seed: 5)
        try backend.inner.seed(bucket: "bucket", name: "d", data: data)
        let task = storage.reference(withPath: "d").getData(maxSize: 10_000)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        #expect(backend.calls == [.readObject(offset: 0, length: 1000), .readObject(offset: 1000, length: 1000)])
        task.resume()
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(1000)", "progress(2000)", "pause", "resume", "progress(3000)", "progress(3500)",
                "success",
            ])
        #expect(
            backend.calls.dropFirst(2) == [
                .readObject(offset: 2000, length: 1000), .readObject(offset: 3000, length: 1000),
            ])
        #expect(try task.dataResult?.get() == data)
    }
}

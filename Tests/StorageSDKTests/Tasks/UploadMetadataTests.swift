import Foundation
import StorageAPI
import StorageSDK
import Testing

/// What `putData` sends as metadata and what the task reports (docs/semantics.md §6.4, §6.5, §5.1).
@Suite struct UploadMetadataTests {
    @Test func aGivenContentTypeWins() throws {
        let (storage, _) = makeStorage()
        var metadata = StorageMetadata()
        metadata.contentType = "image/jpeg"
        let task = storage.reference(withPath: "images/mountains.png").putData(bytes(10), metadata: metadata)
        task.wait()
        #expect(try task.result?.get().contentType == "image/jpeg")
        #expect(try storage.reference(withPath: "images/mountains.png").getMetadata().contentType == "image/jpeg")
    }

    @Test(arguments: ["a.png", "notes.txt", "no-extension"])
    func putDataNeverInfersAContentType(path: String) throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: path).putData(bytes(10))
        task.wait()
        #expect(try task.result?.get().contentType == "application/octet-stream")
    }

    @Test func customMetadataAndTheOtherFieldsRoundTrip() throws {
        let (storage, _) = makeStorage()
        var metadata = StorageMetadata()
        metadata.customMetadata = ["location": "Yosemite, CA, USA", "activity": "Hiking", "empty": ""]
        metadata.cacheControl = "public, max-age=300"
        metadata.contentDisposition = "attachment; filename=\"m.jpg\""
        metadata.contentEncoding = "gzip"
        metadata.contentLanguage = "en"
        let reference = storage.reference(withPath: "images/mountains.jpg")
        let task = reference.putData(bytes(10), metadata: metadata)
        task.wait()
        for result in [try #require(try task.result?.get()), try reference.getMetadata()] {
            #expect(result.customMetadata == ["location": "Yosemite, CA, USA", "activity": "Hiking", "empty": ""])
            #expect(result.cacheControl == "public, max-age=300")
            #expect(result.contentDisposition == "attachment; filename=\"m.jpg\"")
            #expect(result.contentEncoding == "gzip")
            #expect(result.contentLanguage == "en")
            #expect(result.contentType == "application/octet-stream")
        }
    }

    @Test func withoutCustomMetadataItReadsAsNil() throws {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "plain").putData(bytes(3))
        task.wait()
        #expect(try task.result?.get().customMetadata == nil)
        #expect(try task.result?.get().contentEncoding == "identity")
    }

    @Test func theSnapshotCarriesTheRequestWhileRunningAndTheServiceOnSuccess() throws {
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        var metadata = StorageMetadata()
        metadata.customMetadata = ["k": "v"]
        let task = storage.reference(withPath: "docs/report.bin").putData(bytes(2500), metadata: metadata)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(2500)", "success"])
        for snapshot in log.snapshots.dropLast() {
            let request = try #require(snapshot.metadata)
            #expect(request.isFile == false)
            #expect(request.path == "docs/report.bin")
            #expect(request.name == "report.bin")
            #expect(request.contentType == "application/octet-stream")
            #expect(request.customMetadata == ["k": "v"])
            #expect(request.generation == 0)
            #expect(request.bucket == "")
        }
        let final = try #require(log.snapshots.last?.metadata)
        #expect(final.isFile)
        #expect(final.bucket == "bucket")
        #expect(final.size == 2500)
        #expect(final.generation > 0)
        #expect(final.metageneration == 1)
        #expect(final.md5Hash?.count == 24)
        #expect(final == (try task.result?.get()))
        #expect(task.snapshot.metadata == final)
    }

    @Test func progressTotalIsTheDataSizeThroughout() {
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let task = storage.reference(withPath: "x").putData(bytes(3500))
        #expect(task.snapshot.progress == StorageProgress(completedUnitCount: 0, totalUnitCount: 3500))
        let log = EventLog(task)
        task.wait()
        #expect(log.snapshots.map(\.progress.totalUnitCount) == Array(repeating: 3500, count: 6))
        #expect(log.snapshots.map(\.progress.completedUnitCount) == [0, 1000, 2000, 3000, 3500, 3500])
        #expect(task.snapshot.progress.fractionCompleted == 1)
    }

    @Test func overwritingBumpsTheGenerationAndReplacesTheData() throws {
        let (storage, _) = makeStorage()
        let reference = storage.reference(withPath: "same/name")
        let first = reference.putData(Data("first".utf8))
        first.wait()
        let second = reference.putData(Data("second!".utf8))
        second.wait()
        let before = try #require(try first.result?.get())
        let after = try #require(try second.result?.get())
        #expect(after.generation > before.generation)
        #expect(after.metageneration == 1)
        #expect(after.size == 7)
        #expect(try reference.getMetadata().generation == after.generation)
        let download = reference.getData(maxSize: 100)
        download.wait()
        #expect(try download.dataResult?.get() == Data("second!".utf8))
    }

    @Test func theUploadResultIsNilUntilTheTaskEnds() {
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "r").putData(bytes(4))
        #expect(task.result == nil)
        task.wait()
        #expect(task.result != nil)
    }

    @Test func aSliceOfLargerDataUploadsJustTheSlice() throws {
        let (storage, _) = makeStorage(granularity: 10)
        storage.uploadChunkSizeBytes = 10
        let whole = bytes(100)
        let slice = whole[35..<60]
        let reference = storage.reference(withPath: "slice")
        let task = reference.putData(slice)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(10)", "progress(20)", "progress(25)", "success"])
        let download = reference.getData(maxSize: 100)
        download.wait()
        #expect(try download.dataResult?.get() == Data(slice))
    }

    @Test func anUploadLandsInTheBucketOfItsReference() throws {
        let (storage, backend) = makeStorage(bucket: "")
        let reference = try storage.reference(forURL: "gs://other-bucket/a/b.txt")
        let task = reference.putData(bytes(3))
        task.wait()
        #expect(try task.result?.get().bucket == "other-bucket")
        #expect(try backend.getMetadata(ObjectAddress(bucket: "other-bucket", name: "a/b.txt")).size == 3)
        #expect(try reference.getMetadata().bucket == "other-bucket")
    }
}

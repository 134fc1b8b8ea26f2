import Foundation
import StorageAPI
import StorageSDK
import Testing

/// `write(toFile:)`: the file appears whole on success and nowhere otherwise (docs/semantics.md §7).
@Suite struct FileDownloadTests {
    static let name = "images/island.jpg"

    static func storage(holding data: Data) throws -> (Storage, RecordingBackend) {
        let (storage, backend) = makeRecordedStorage()
        storage.downloadChunkSizeBytes = 1000
        try backend.inner.seed(bucket: "bucket", name: name, data: data)
        return (storage, backend)
    }

    @Test func writesTheFileCreatingItsFolders() throws {
        let folder = try TemporaryFolder()
        let data = bytes(2500, seed: 8)
        let (storage, _) = try Self.storage(holding: data)
        let destination = folder.file("a/b/c/island.jpg")
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        let log = EventLog(task)
        #expect(task.fileResult == nil)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(2500)", "success"])
        #expect(try Data(contentsOf: destination) == data)
        #expect(try task.fileResult?.get() == destination)
        #expect(try folder.contents() == ["a", "a/b", "a/b/c", "a/b/c/island.jpg"])
    }

    @Test func replacesAnExistingFile() throws {
        let folder = try TemporaryFolder()
        let destination = try folder.write(
            Data("old contents that are longer than the new ones".utf8), to: "island.jpg")
        let data = bytes(1500)
        let (storage, _) = try Self.storage(holding: data)
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        task.wait()
        #expect(try Data(contentsOf: destination) == data)
        #expect(try folder.contents() == ["island.jpg"])
    }

    @Test func anEmptyObjectWritesAnEmptyFile() throws {
        let folder = try TemporaryFolder()
        let (storage, _) = try Self.storage(holding: Data())
        let destination = folder.file("empty.bin")
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(0)", "success"])
        #expect(try Data(contentsOf: destination) == Data())
    }

    @Test func cancelLeavesNoPartialFile() throws {
        let folder = try TemporaryFolder()
        let (storage, _) = try Self.storage(holding: bytes(3500))
        let destination = folder.file("out/island.jpg")
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 { snapshot.task.cancel() }
        }
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "failure(cancelled)"])
        #expect(try folder.contents(of: "out").isEmpty)
        #expect(task.fileResult == .failure(.cancelled(bucket: "bucket", object: Self.name)))
    }

    @Test func cancelWhilePausedLeavesNoPartialFile() throws {
        let folder = try TemporaryFolder()
        let (storage, _) = try Self.storage(holding: bytes(3500))
        let task = storage.reference(withPath: Self.name).write(toFile: folder.file("island.jpg"))
        _ = EventLog(task) { snapshot in
            if snapshot.status == .progress { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        #expect(try folder.contents().count == 1)
        task.cancel()
        task.wait()
        #expect(try folder.contents().isEmpty)
    }

    @Test func aFailureMidwayLeavesNoPartialFileAndKeepsAnExistingOne() throws {
        let folder = try TemporaryFolder()
        let destination = try folder.write(Data("keep me".utf8), to: "island.jpg")
        let (storage, backend) = try Self.storage(holding: bytes(3500))
        backend.fail(.readObject, with: BackendError(status: 500, "Boom."), skipping: 2)
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "failure(unknown)"])
        #expect(task.snapshot.error?.message == "Unexpected 500 code from backend")
        #expect(try folder.contents() == ["island.jpg"])
        #expect(try Data(contentsOf: destination) == Data("keep me".utf8))
    }

    @Test func aMissingObjectWritesNothing() throws {
        let folder = try TemporaryFolder()
        let (storage, _) = try Self.storage(holding: bytes(10))
        let task = storage.reference(withPath: "images/none.jpg").write(toFile: folder.file("sub/none.jpg"))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(objectNotFound)"])
        #expect(try folder.contents().allSatisfy { !$0.hasSuffix(".jpg") && !$0.hasSuffix(".partial") })
    }

    @Test func aNonFileDestinationFailsWithoutCrashing() throws {
        let (storage, _) = try Self.storage(holding: bytes(10))
        let destination = try #require(URL(string: "https://example.com/island.jpg"))
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(throws: StorageError.self) { try task.fileResult?.get() }
    }

    @Test func aDestinationInsideAFileFailsWithUnknown() throws {
        let folder = try TemporaryFolder()
        try folder.write(Data("a file".utf8), to: "blocker")
        let (storage, _) = try Self.storage(holding: bytes(10))
        let task = storage.reference(withPath: Self.name).write(toFile: folder.file("blocker/island.jpg"))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(try folder.contents() == ["blocker"])
    }

    @Test func anExistingFolderAtTheDestinationIsLeftAlone() throws {
        let folder = try TemporaryFolder()
        try folder.write(Data("inside".utf8), to: "island.jpg/inner.txt")
        let (storage, _) = try Self.storage(holding: bytes(10))
        let task = storage.reference(withPath: Self.name).write(toFile: folder.file("island.jpg"))
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "failure(unknown)"])
        #expect(try folder.contents() == ["island.jpg", "island.jpg/inner.txt"])
    }

    @Test func pauseAndResumeKeepWritingTheSameFile() throws {
        let folder = try TemporaryFolder()
        let data = bytes(3500, seed: 6)
        let (storage, backend) = try Self.storage(holding: data)
        let destination = folder.file("island.jpg")
        let task = storage.reference(withPath: Self.name).write(toFile: destination)
        let log = EventLog(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 1000 { snapshot.task.pause() }
            if snapshot.status == .pause { snapshot.task.resume() }
        }
        task.wait()
        #expect(
            log.events == [
                "resume", "progress(1000)", "pause", "resume", "progress(2000)", "progress(3000)", "progress(3500)",
                "success",
            ])
        #expect(backend.calls(.readObject).count == 4)
        #expect(try Data(contentsOf: destination) == data)
    }
}

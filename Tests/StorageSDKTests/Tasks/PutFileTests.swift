import Foundation
import StorageAPI
import StorageSDK
import Testing

/// `putFile(from:metadata:)`: content type from the local file, unreadable sources (docs/semantics.md §6.4, §6.7).
@Suite struct PutFileTests {
    static func notReachable(_ url: URL) -> String {
        "File at URL: \(url.absoluteString) is not reachable. Ensure file URL is not a directory, symbolic link, or invalid url."
    }

    @Test(arguments: [
        ("txt", "text/plain"), ("png", "image/png"), ("mp3", "audio/mpeg"), ("mov", "video/quicktime"),
        ("gif", "image/gif"), ("jpg", "image/jpeg"), ("jpeg", "image/jpeg"), ("json", "application/json"),
        ("pdf", "application/pdf"), ("html", "text/html"), ("PNG", "image/png"),
    ])
    func theContentTypeComesFromTheFileExtension(fileExtension: String, contentType: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(bytes(20), to: "local.\(fileExtension)")
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "uploads/object").putFile(from: file)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(20)", "success"])
        #expect(try task.result?.get().contentType == contentType)
    }

    @Test(arguments: ["data.xyzzy", "README", "archive.", ".hidden"])
    func anUnknownOrMissingExtensionIsOctetStream(name: String) throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(bytes(5), to: name)
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "image.png").putFile(from: file)
        task.wait()
        #expect(try task.result?.get().contentType == "application/octet-stream")
    }

    @Test func theLocalFileDecidesNotTheStoragePath() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(bytes(5), to: "notes.txt")
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "images/photo.png").putFile(from: file)
        task.wait()
        #expect(try task.result?.get().contentType == "text/plain")
    }

    @Test func givenMetadataWins() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(bytes(5), to: "picture.png")
        let (storage, _) = makeStorage()
        var metadata = StorageMetadata()
        metadata.contentType = "text/csv"
        metadata.customMetadata = ["from": "file"]
        let task = storage.reference(withPath: "table").putFile(from: file, metadata: metadata)
        task.wait()
        let result = try #require(try task.result?.get())
        #expect(result.contentType == "text/csv")
        #expect(result.customMetadata == ["from": "file"])
    }

    @Test func theFileIsUploadedWithItsSizeAsTheTotal() throws {
        let folder = try TemporaryFolder()
        let data = bytes(2345, seed: 7)
        let file = try folder.write(data, to: "blob.bin")
        let (storage, _) = makeStorage(granularity: 1000)
        storage.uploadChunkSizeBytes = 1000
        let reference = storage.reference(withPath: "blob")
        let task = reference.putFile(from: file)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(1000)", "progress(2000)", "progress(2345)", "success"])
        #expect(log.snapshots.allSatisfy { $0.progress.totalUnitCount == 2345 })
        let download = reference.getData(maxSize: 10_000)
        download.wait()
        #expect(try download.dataResult?.get() == data)
    }

    @Test func anEmptyFileUploads() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(Data(), to: "empty.txt")
        let (storage, _) = makeStorage()
        let task = storage.reference(withPath: "empty").putFile(from: file)
        let log = EventLog(task)
        task.wait()
        #expect(log.events == ["resume", "progress(0)", "success"])
        #expect(try task.result?.get().size == 0)
    }

    enum Unreachable: String, CaseIterable {
        case missingFile, missingFolder, directory, symbolicLink, brokenSymbolicLink, webURL, relativeURL, bareWord
    }

    @Test(arguments: Unreachable.allCases)
    func anUnreachableSourceFailsWithUnknownAndSendsNothing(kind: Unreachable) throws {
        let folder = try TemporaryFolder()
        let target = try folder.write(bytes(5), to: "real.txt")
        let url: URL
        switch kind {
        case .missingFile: url = folder.file("missing.txt")
        case .missingFolder: url = folder.file("no/such/folder/file.data")
        case .directory: url = folder.url
        case .symbolicLink:
            url = folder.file("link.txt")
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: target)
        case .brokenSymbolicLink:
            url = folder.file("dangling.txt")
            try FileManager.default.createSymbolicLink(at: url, withDestinationURL: folder.file("gone.txt"))
        case .webURL: url = try #require(URL(string: "https://example.com/file.txt"))
        case .relativeURL: url = try #require(URL(string: "some_non_existing-folder/file.data"))
        case .bareWord: url = try #require(URL(string: "bad-url"))
        }
        let (storage, backend) = makeRecordedStorage()
        let task = storage.reference(withPath: "uploads/file").putFile(from: url)
        let log = EventLog(task)
        #expect(task.wait())
        #expect(log.events == ["failure(unknown)"])
        let error = try #require(task.snapshot.error)
        #expect(error.code == .unknown)
        #expect(error.message == Self.notReachable(url))
        #expect(throws: StorageError.self) { try task.result?.get() }
        #expect(backend.calls.isEmpty)
        #expect(throws: BackendError.self) {
            try backend.inner.getMetadata(ObjectAddress(bucket: "bucket", name: "uploads/file"))
        }
    }

    @Test func theSDKsOwnExamplesKeepTheirText() {
        let (storage, _) = makeStorage()
        for text in ["some_non_existing-folder/file.data", "bad-url"] {
            guard let url = URL(string: text) else {
                Issue.record("URL(string: \(text)) is nil")
                continue
            }
            let task = storage.reference(withPath: "x").putFile(from: url)
            task.wait()
            #expect(
                task.snapshot.error?.message
                    == "File at URL: \(text) is not reachable. Ensure file URL is not a directory, symbolic link, or invalid url."
            )
        }
    }
}

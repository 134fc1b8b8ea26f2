import Foundation
import ReferenceService
import StorageAPI
import StorageSDK
import Synchronization
import Testing

/// The StorageSDK client over HTTP (`Storage(…, backend: FirebaseV0Client)`) against a `StorageServer`,
/// compared with the same program in process.
@Suite struct ClientOverHTTPTests {
    /// Records a task's events as `resume`, `progress(n)`, `failure(code)`.
    final class Events: Sendable {
        private let entries = Mutex<[String]>([])

        init(_ task: StorageObservableTask, actions: @escaping @Sendable (StorageTaskSnapshot) -> Void = { _ in }) {
            task.tap { [self] snapshot in
                let entry: String
                switch snapshot.status {
                case .progress: entry = "progress(\(snapshot.progress.completedUnitCount))"
                case .failure: entry = "failure(\(snapshot.error?.code.name ?? "nil"))"
                default: entry = snapshot.status.description
                }
                entries.withLock { $0.append(entry) }
                actions(snapshot)
            }
        }

        var all: [String] { entries.withLock { $0 } }
    }

    /// A storage in process and one over HTTP, both on services with granularity 1000.
    private func pair() throws -> (local: Storage, remote: Storage, served: ServedStorage) {
        let served = try ServedStorage(granularity: 1000)
        let local = Storage(bucket: "bkt", backend: ReferenceBackend(granularity: 1000))
        let remote = Storage(bucket: "bkt", backend: served.client(), host: "http://127.0.0.1:\(served.port)")
        return (local, remote, served)
    }

    private func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }

    /// Uploads 10 000 bytes in 2000-byte chunks, pausing at 4000 and resuming.
    private func uploadWithPause(_ storage: Storage) throws -> (events: [String], metadata: StorageMetadata?) {
        storage.uploadChunkSizeBytes = 2500
        var metadata = StorageMetadata()
        metadata.contentType = "application/x-test"
        let task = storage.reference(withPath: "dir/big.bin").putData(bytes(10_000), metadata: metadata)
        let events = Events(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 4000 { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        task.resume()
        #expect(task.wait(timeout: 120))
        return (events.all, try task.result?.get())
    }

    @Test func uploadWithPauseAndResumeFiresTheSameEvents() throws {
        let (local, remote, served) = try pair()
        let inProcess = try uploadWithPause(local)
        let overHTTP = try uploadWithPause(remote)
        #expect(
            inProcess.events == [
                "resume", "progress(2000)", "progress(4000)", "pause", "resume", "progress(6000)", "progress(8000)",
                "progress(10000)", "success",
            ])
        #expect(overHTTP.events == inProcess.events)
        let metadata = try #require(overHTTP.metadata)
        #expect(metadata.size == 10_000)
        #expect(metadata.contentType == "application/x-test")
        #expect(metadata.path == "dir/big.bin")
        #expect(metadata.md5Hash == inProcess.metadata?.md5Hash)
        #expect(
            try served.backend.readObject(ReadRequest(object: ObjectAddress(bucket: "bkt", name: "dir/big.bin"))).data
                == bytes(10_000))
    }

    @Test func megabytesGoBothWaysInDefaultChunks() throws {
        let served = try ServedStorage()
        let remote = Storage(bucket: "bkt", backend: served.client())
        let payload = bytes(3 * 1024 * 1024 + 17)
        let upload = remote.reference(withPath: "big/blob").putData(payload)
        let events = Events(upload)
        #expect(upload.wait(timeout: 60))
        #expect(events.all.filter { $0.hasPrefix("progress") }.count == 13)
        #expect(try upload.result?.get().size == Int64(payload.count))
        remote.downloadChunkSizeBytes = 1024 * 1024
        let download = remote.reference(withPath: "big/blob").getData(maxSize: Int64(payload.count))
        #expect(download.wait(timeout: 60))
        #expect(try download.dataResult?.get() == payload)
    }

    @Test func cancelledUploadTellsTheServer() throws {
        let (_, remote, served) = try pair()
        remote.uploadChunkSizeBytes = 1000
        let task = remote.reference(withPath: "c").putData(bytes(5000))
        let events = Events(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 2000 { snapshot.task.cancel() }
        }
        #expect(task.wait(timeout: 120))
        #expect(events.all == ["resume", "progress(1000)", "progress(2000)", "failure(cancelled)"])
        #expect(throws: BackendError.self) { try served.backend.getMetadata(ObjectAddress(bucket: "bkt", name: "c")) }
    }

    /// Downloads 10 bytes in 3-byte ranges, pausing after 6 and resuming.
    private func downloadWithPause(_ storage: Storage) -> (events: [String], data: Data?) {
        storage.downloadChunkSizeBytes = 3
        let task = storage.reference(withPath: "digits").getData(maxSize: 100)
        let events = Events(task) { snapshot in
            if snapshot.status == .progress, snapshot.progress.completedUnitCount == 6 { snapshot.task.pause() }
        }
        storage.runPendingWork { task.snapshot.status == .pause }
        task.resume()
        #expect(task.wait(timeout: 120))
        return (events.all, try? task.dataResult?.get())
    }

    @Test func downloadWithPauseAndResumeContinuesWithARange() throws {
        let (local, remote, served) = try pair()
        guard let localBackend = local.backend as? ReferenceBackend else {
            throw BackendError(.transport, "no local backend")
        }
        try localBackend.seed(bucket: "bkt", name: "digits", data: Data("0123456789".utf8))
        try served.seed("digits", "0123456789")
        let inProcess = downloadWithPause(local)
        let overHTTP = downloadWithPause(remote)
        #expect(
            inProcess.events == [
                "resume", "progress(3)", "progress(6)", "pause", "resume", "progress(9)", "progress(10)", "success",
            ])
        #expect(overHTTP.events == inProcess.events)
        #expect(overHTTP.data == Data("0123456789".utf8))
    }

    @Test func oversizedAndMissingDownloadsFailAlike() throws {
        let (_, remote, served) = try pair()
        try served.seed("big", String(repeating: "x", count: 50))
        let tooBig = remote.reference(withPath: "big").getData(maxSize: 10)
        #expect(tooBig.wait(timeout: 120))
        #expect(tooBig.snapshot.error?.code == .downloadSizeExceeded)
        let missing = remote.reference(withPath: "none").getData(maxSize: 10)
        #expect(missing.wait(timeout: 120))
        #expect(missing.snapshot.error?.code == .objectNotFound)
        let empty = remote.reference(withPath: "empty")
        try served.seed("empty", "")
        let read = empty.getData(maxSize: 10)
        #expect(read.wait(timeout: 120))
        #expect(try read.dataResult?.get() == Data())
    }

    @Test func listingPagesAndListAllMatchInProcess() throws {
        let (local, remote, served) = try pair()
        guard let localBackend = local.backend as? ReferenceBackend else {
            throw BackendError(.transport, "no local backend")
        }
        for name in ["list/a", "list/b", "list/prefix/c", "list/d e", "other"] {
            try localBackend.seed(bucket: "bkt", name: name, data: Data())
            try served.seed(name, "")
        }
        func pages(_ storage: Storage) throws -> [String] {
            var result: [String] = []
            var token: String?
            repeat {
                let page = try storage.reference(withPath: "list").list(maxResults: 2, pageToken: token)
                result.append("items=\(page.items.map(\.fullPath)) prefixes=\(page.prefixes.map(\.fullPath))")
                token = page.pageToken
            } while token != nil
            let all = try storage.reference(withPath: "list").listAll()
            result.append("all items=\(all.items.map(\.fullPath)) prefixes=\(all.prefixes.map(\.fullPath))")
            return result
        }
        let overHTTP = try pages(remote)
        #expect(overHTTP == (try pages(local)))
        #expect(overHTTP.count == 3)
    }

    @Test func metadataUpdateAndDeleteOverHTTP() throws {
        let (_, remote, served) = try pair()
        try served.seed(
            "m/file.txt", "text",
            metadata: ObjectMetadataFields(contentType: "text/plain", customMetadata: ["a": "1", "b": "2"]))
        let reference = remote.reference(withPath: "m/file.txt")
        var metadata = try reference.getMetadata()
        #expect(metadata.contentType == "text/plain")
        #expect(metadata.customMetadata == ["a": "1", "b": "2"])
        metadata.contentLanguage = "fr"
        metadata.customMetadata = ["a": "one"]
        let updated = try reference.updateMetadata(metadata)
        #expect(updated.contentLanguage == "fr")
        #expect(updated.customMetadata == ["a": "one"])
        #expect(updated.metageneration == 2)
        try reference.delete()
        #expect(throws: StorageError.self) { try reference.getMetadata() }
        #expect {
            try reference.delete()
        } throws: { error in
            (error as? StorageError)?.code == .objectNotFound
        }
    }

    @Test func errorsMapAsInProcess() throws {
        let (_, remote, served) = try pair()
        try served.seed("locked/x", "x")
        served.backend.setRules(StorageRules(entries: [.init(path: "open/**", operations: [.read])]), bucket: "bkt")
        #expect {
            try remote.reference(withPath: "locked/x").getMetadata()
        } throws: { error in
            (error as? StorageError)?.code == .unauthorized
        }
        remote.authToken = IDToken.malformed
        #expect {
            try remote.reference(withPath: "open/x").getMetadata()
        } throws: { error in
            (error as? StorageError)?.code == .unauthenticated
        }
    }

    @Test func downloadURLUsesTheServersHostAndWorks() throws {
        let (_, remote, served) = try pair()
        try served.seed("images/stars one.jpg", "stars")
        let url = try remote.reference(withPath: "images/stars one.jpg").downloadURL()
        let text = url.absoluteString
        let prefix = "http://127.0.0.1:\(served.port)/v0/b/bkt/o/images%2Fstars%20one.jpg?alt=media&token="
        #expect(text.hasPrefix(prefix))
        let response = try served.send("GET", String(text.dropFirst("http://127.0.0.1:\(served.port)".count)))
        #expect(response.status == 200)
        #expect(response.text == "stars")
    }
}

import Foundation
import GCSJSON
import HTTPCore
import ReferenceService
import StorageAPI
import StorageSDK
import StorageWire
import Synchronization
import TestSupport
import Testing

/// `GCSJSONClient`, the runner's GCS JSON API client, against the GCS routes of a `StorageServer`.
@Suite struct GCSJSONClientTests {
    private func client(_ served: ServedStorage, granularity: Int64 = 1000) -> GCSJSONClient {
        GCSJSONClient(baseURL: served.baseURL, requestTimeout: 60, chunkGranularity: granularity)
    }

    private func bytes(_ count: Int) -> Data {
        Data((0..<count).map { UInt8(truncatingIfNeeded: $0 &* 31 &+ 7) })
    }

    @Test func resumableSessionsReportWhatTheyHoldAndFinishWithTheObject() throws {
        let served = try ServedStorage.withBucket(granularity: 1000)
        let gcs = client(served)
        let object = ObjectAddress(bucket: "bkt", name: "up/load")
        let session = try gcs.startUpload(
            UploadStart(object: object, metadata: ObjectMetadataFields(contentType: "a/b")))
        #expect(session.granularity == 1000)
        let data = bytes(2500)
        let first = try gcs.uploadChunk(session: session.id, offset: 0, data: data.prefix(2000), finalize: false)
        #expect(first == UploadStatus(state: .active, receivedBytes: 2000))
        #expect(try gcs.queryUpload(session: session.id).receivedBytes == 2000)
        let last = try gcs.uploadChunk(session: session.id, offset: 2000, data: data.suffix(500), finalize: true)
        #expect(last.state == .final)
        #expect(last.resource?.size == 2500)
        #expect(last.resource?.contentType == "a/b")
        #expect(try gcs.readObject(ReadRequest(object: object, offset: 2400, length: 50)).data == data[2400..<2450])
    }

    @Test func aCancelledSessionReadsAsCancelled() throws {
        let served = try ServedStorage.withBucket(granularity: 1000)
        let gcs = client(served)
        let session = try gcs.startUpload(UploadStart(object: ObjectAddress(bucket: "bkt", name: "c")))
        _ = try gcs.uploadChunk(session: session.id, offset: 0, data: bytes(1000), finalize: false)
        try gcs.cancelUpload(session: session.id)
        #expect(try gcs.queryUpload(session: session.id).state == .cancelled)
    }

    @Test func emptyObjectsReadAsEmptyAndMissingOnesAre404() throws {
        let served = try ServedStorage.withBucket()
        let gcs = client(served)
        try served.seed("empty", "")
        let read = try gcs.readObject(ReadRequest(object: ObjectAddress(bucket: "bkt", name: "empty"), length: 100))
        #expect(read.data.isEmpty && read.totalSize == 0)
        do {
            _ = try gcs.getMetadata(ObjectAddress(bucket: "bkt", name: "nothing"))
            Issue.record("a missing object was read")
        } catch {
            #expect(error.status == 404)
        }
    }

    @Test func bucketsAreCreatedOrEmptiedAndListsPage() throws {
        let served = try ServedStorage.withBucket()
        let gcs = client(served)
        try gcs.createBucket("made")
        for name in ["a", "b", "c/d"] {
            _ = try gcs.uploadObject(
                ObjectAddress(bucket: "made", name: name), data: Data(name.utf8), metadata: ObjectMetadataFields())
        }
        let page = try gcs.list(ListRequest(bucket: "made", maxResults: 2))
        #expect(page.items == ["a", "b"])
        let rest = try gcs.list(ListRequest(bucket: "made", maxResults: 2, pageToken: page.nextPageToken))
        #expect(rest.prefixes == ["c/"] && rest.items.isEmpty && rest.nextPageToken == nil)
        try gcs.createBucket("made")
        #expect(try gcs.list(ListRequest(bucket: "made", delimiter: nil)).items.isEmpty)
    }

    @Test func metadataPatchesRemoveWhatIsSetToNil() throws {
        let served = try ServedStorage.withBucket()
        let gcs = client(served)
        try served.seed(
            "m", "x", metadata: ObjectMetadataFields(contentLanguage: "en", customMetadata: ["a": "1", "b": "2"]))
        let patched = try gcs.updateMetadata(
            ObjectAddress(bucket: "bkt", name: "m"),
            patch: MetadataPatch(
                fields: [.contentLanguage: String?.none], customMetadata: ["a": String?.none, "c": "3"]))
        #expect(patched.contentLanguage == nil)
        #expect(patched.customMetadata == ["b": "2", "c": "3"])
    }

    /// The same paused and resumed upload fires the same events in process and over the GCS JSON API.
    @Test func anUploadPausedAndResumedOverGCSFiresTheEventsItDoesInProcess() throws {
        let served = try ServedStorage.withBucket(granularity: 1000)
        let local = Storage(bucket: "bkt", backend: ReferenceBackend(granularity: 1000))
        let remote = Storage(bucket: "bkt", backend: client(served), host: "gcs")
        var results: [[String]] = []
        for storage in [local, remote] {
            storage.uploadChunkSizeBytes = 2000
            let task = storage.reference(withPath: "p/big.bin").putData(bytes(10_000))
            let events = Mutex<[String]>([])
            task.tap { snapshot in
                events.withLock { $0.append("\(snapshot.status)(\(snapshot.progress.completedUnitCount))") }
                if snapshot.status == .progress, snapshot.progress.completedUnitCount == 4000 { snapshot.task.pause() }
            }
            storage.runPendingWork { task.snapshot.status == .pause }
            task.resume()
            #expect(task.wait(timeout: 120))
            #expect(try task.result?.get().size == 10_000)
            results.append(events.withLock { $0 })
        }
        #expect(results[0] == results[1])
        #expect(
            try served.backend.readObject(ReadRequest(object: ObjectAddress(bucket: "bkt", name: "p/big.bin"))).data
                == bytes(10_000))
    }

    /// A read that goes on from an earlier one is pinned to the earlier one's generation: once the object is replaced
    /// by one of the same size, it answers the new object whole from byte 0 (as `If-Range` does), never the rest of
    /// the new object after the start of the old one.
    @Test func aResumedReadOfAReplacedObjectStartsOverInsteadOfSplicing() throws {
        let served = try ServedStorage.withBucket()
        let gcs = client(served)
        let object = ObjectAddress(bucket: "bkt", name: "pinned")
        try served.seed("pinned", "first version")
        let first = try gcs.readObject(ReadRequest(object: object, offset: 0, length: 5))
        #expect(first.data == Data("first".utf8))
        let same = try gcs.readObject(ReadRequest(object: object, offset: 5, ifRange: first.etag))
        #expect(same.data == Data(" version".utf8))
        try served.seed("pinned", "other version")
        let restarted = try gcs.readObject(ReadRequest(object: object, offset: 5, ifRange: first.etag))
        #expect(restarted.offset == 0 && restarted.data == Data("other version".utf8))
        #expect(restarted.etag != first.etag)
        try served.backend.deleteObject(object)
        #expect { try gcs.readObject(ReadRequest(object: object, offset: 5, ifRange: restarted.etag)) } throws: {
            ($0 as? BackendError)?.status == 404
        }
        try served.seed("pinned", "other version")
        #expect(try gcs.readObject(ReadRequest(object: object, offset: 0, length: 5)).data == Data("other".utf8))
    }

    /// Against a server that ignores `generation` and `If-Range`, the answer's `x-goog-generation` still tells the
    /// replaced object apart: the read starts over rather than keep the other generation's bytes.
    @Test func aServerThatIgnoresTheGenerationCannotSpliceEither() throws {
        let generation = Atomic<Int>(1)
        let stub = HTTPServer(configuration: .forTests) { _ in
            var headers = HTTPHeaders()
            headers["x-goog-generation"] = String(generation.load(ordering: .relaxed))
            headers["ETag"] = "\"same-size\""
            headers["Content-Range"] = "bytes 0-3/8"
            return HTTPResponse(status: 206, headers: headers, body: Data("abcd".utf8))
        }
        let port = try stub.start()
        defer { stub.stop() }
        let gcs = GCSJSONClient(baseURL: try #require(URL(string: "http://127.0.0.1:\(port)")), requestTimeout: 10)
        let object = ObjectAddress(bucket: "bkt", name: "o")
        let first = try gcs.readObject(ReadRequest(object: object, offset: 0, length: 4))
        generation.store(2, ordering: .relaxed)
        let restarted = try gcs.readObject(ReadRequest(object: object, offset: 4, length: 4, ifRange: first.etag))
        #expect(restarted.offset == 0)
        #expect(restarted.etag?.contains("generation=2") == true)
    }
}

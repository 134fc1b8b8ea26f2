import Foundation
import ReferenceService
import StorageAPI
import Testing

/// The store owns its buckets: made explicitly or by a first write through the Firebase layer, listed and found
/// alike, deleted only when empty, dropped by a reset and kept by a data directory.
@Suite struct BucketCatalogTests {
    private func write(_ backend: ReferenceBackend, _ bucket: String, _ name: String, layer: StorageLayer)
        throws(BackendError) -> ObjectResource
    {
        let session = try backend.startUpload(
            UploadStart(object: ObjectAddress(bucket: bucket, name: name), layer: layer))
        let status = try backend.uploadChunk(session: session.id, offset: 0, data: Data("x".utf8), finalize: true)
        guard let resource = status.resource else { throw .notFound("no resource") }
        return resource
    }

    @Test func cloudStorageWritesNeedTheBucketAndFirebaseWritesMakeIt() throws {
        let backend = ReferenceBackend()
        #expect(throws: BackendError.bucketNotFound("made")) {
            try write(backend, "made", "a", layer: .cloudStorage)
        }
        _ = try write(backend, "implicit", "a", layer: .firebase)
        #expect(backend.buckets().map(\.name) == ["implicit"])
        #expect(try backend.bucket("implicit").name == "implicit")
        try backend.createBucket("made")
        #expect(throws: BackendError.self) { try backend.createBucket("made") }
        #expect((try? backend.createBucket("implicit")) == nil)
        #expect(try write(backend, "made", "a", layer: .cloudStorage).name == "a")
        #expect(backend.buckets().map(\.name) == ["implicit", "made"])
    }

    @Test func aBucketIsDeletedOnlyWhenEmptyAndAResetDropsEveryBucket() throws {
        let backend = ReferenceBackend()
        try backend.createBucket("full")
        try backend.createBucket("empty")
        _ = try write(backend, "full", "o", layer: .cloudStorage)
        #expect { try backend.deleteBucket("full") } throws: { ($0 as? BackendError)?.status == 409 }
        try backend.deleteBucket("empty")
        #expect { try backend.bucket("empty") } throws: { ($0 as? BackendError)?.status == 404 }
        #expect { try backend.deleteBucket("empty") } throws: { ($0 as? BackendError)?.status == 404 }
        backend.reset()
        #expect(backend.buckets().isEmpty)
        #expect { try backend.list(ListRequest(bucket: "full", layer: .cloudStorage)) } throws: {
            ($0 as? BackendError)?.status == 404
        }
        #expect(try backend.list(ListRequest(bucket: "full")) == ListPage())
    }

    @Test func anEmptyBucketOutlivesTheServiceInItsDataDirectory() throws {
        let folder = try ScratchDataDirectory()
        var service = try folder.open()
        let created = try service.createBucket("kept-empty")
        _ = try write(service, "implicit", "a", layer: .firebase)
        try service.deleteObject(ObjectAddress(bucket: "implicit", name: "a"))
        try service.createBucket("gone")
        try service.deleteBucket("gone")
        service = ReferenceBackend()
        service = try folder.open()
        #expect(service.buckets() == [try service.bucket("implicit"), created])
        service.reset()
        service = ReferenceBackend()
        service = try folder.open()
        #expect(service.buckets().isEmpty)
    }

    @Test func anUploadThroughCloudStorageOutlivesARestartWithItsLayer() throws {
        let folder = try ScratchDataDirectory()
        var service = try folder.open()
        try service.createBucket("bkt")
        let session = try service.startUpload(
            UploadStart(object: ObjectAddress(bucket: "bkt", name: "plain.txt"), layer: .cloudStorage))
        service = ReferenceBackend()
        service = try folder.open()
        let status = try service.uploadChunk(session: session.id, offset: 0, data: Data("abc".utf8), finalize: true)
        #expect(status.resource?.contentDisposition == nil)
    }
}

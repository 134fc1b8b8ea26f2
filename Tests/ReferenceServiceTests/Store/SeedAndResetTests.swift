import Foundation
import ReferenceService
import StorageAPI
import Testing

@Suite struct SeedAndResetTests {
    @Test func seedStoresAsAnUploadWould() throws {
        let backend = ReferenceBackend()
        let seeded = try backend.seed(
            bucket: Fixtures.bucket, name: "fixture.txt", data: Data("hello world".utf8),
            metadata: ObjectMetadataFields(contentType: "text/plain", customMetadata: ["k": "v"]))
        #expect(seeded.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(seeded.crc32c == "yZRlqg==")
        #expect(seeded.metageneration == 1)
        #expect(seeded.downloadTokens.count == 1)
        #expect(seeded.contentType == "text/plain")
        #expect(seeded.customMetadata == ["k": "v"])
        #expect(try backend.getMetadata(Fixtures.address("fixture.txt")) == seeded)
        let uploaded = try Fixtures.upload(backend, "after")
        #expect(uploaded.generation > seeded.generation)
    }

    @Test func seedSkipsNameValidationAndRules() throws {
        let backend = ReferenceBackend()
        backend.setRules(Fixtures.denyAll, bucket: Fixtures.bucket)
        let impossible = ["", "line\nbreak", String(repeating: "y", count: 2000)]
        for name in impossible {
            #expect(try backend.seed(bucket: Fixtures.bucket, name: name, data: Data("x".utf8)).name == name)
        }
        #expect(status { try backend.getMetadata(Fixtures.address("line\nbreak")) } == 400)
        backend.setRules(.allowAll, bucket: Fixtures.bucket)
        let all = try Fixtures.listAll(backend, delimiter: nil)
        #expect(all.entries == ["line\nbreak", String(repeating: "y", count: 2000)])
    }

    @Test func seedOfASliceKeepsOnlyItsBytes() throws {
        let backend = ReferenceBackend()
        let whole = Data("0123456789".utf8)
        try backend.seed(bucket: Fixtures.bucket, name: "slice", data: whole[3..<6])
        let read = try backend.readObject(ReadRequest(object: Fixtures.address("slice")))
        #expect(read.data == Data("345".utf8))
        #expect(read.data.startIndex == 0)
        #expect(read.totalSize == 3)
    }

    @Test func resetDropsObjectsSessionsAndRules() throws {
        let backend = ReferenceBackend()
        let before = try Fixtures.upload(backend, "object")
        let session = try backend.startUpload(UploadStart(object: Fixtures.address("pending")))
        backend.setRules(Fixtures.denyAll, bucket: "locked")
        backend.reset()
        #expect(status { try backend.getMetadata(Fixtures.address("object")) } == 404)
        #expect(status { try backend.queryUpload(session: session.id) } == 404)
        #expect(backend.rules(for: "locked") == nil)
        #expect(try backend.list(ListRequest(bucket: Fixtures.bucket)) == ListPage())
        #expect(try Fixtures.upload(backend, "object").generation > before.generation)
    }

    @Test func aSessionFromBeforeAResetCannotCommit() throws {
        let backend = ReferenceBackend(granularity: 1)
        let session = try backend.startUpload(UploadStart(object: Fixtures.address("late")))
        let record = try backend.uploadChunk(session: session.id, offset: 0, data: Data("ab".utf8), finalize: false)
        #expect(record.receivedBytes == 2)
        backend.reset()
        #expect(status { try backend.uploadChunk(session: session.id, offset: 2, data: Data(), finalize: true) } == 404)
        #expect(status { try backend.getMetadata(Fixtures.address("late")) } == 404)
    }
}

import Foundation
import ReferenceService
import StorageAPI
import Testing

@Suite struct ObjectUploadTests {
    @Test func uploadedObjectCarriesItsMetadata() throws {
        let backend = ReferenceBackend()
        let before = Date()
        let resource = try Fixtures.upload(backend, "dir/someFile", Data("hello world".utf8))
        #expect(resource.bucket == Fixtures.bucket)
        #expect(resource.name == "dir/someFile")
        #expect(resource.size == 11)
        #expect(resource.md5Hash == "XrY7u+Ae7tCTyyK7j1rNww==")
        #expect(resource.crc32c == "yZRlqg==")
        #expect(resource.metageneration == 1)
        #expect(resource.generation >= Int64(before.timeIntervalSince1970 * 1_000_000) - 1000)
        #expect(resource.contentType == "application/octet-stream")
        #expect(resource.contentEncoding == "identity")
        #expect(resource.contentDisposition == "inline; filename*=utf-8''someFile")
        #expect(resource.contentLanguage == nil)
        #expect(resource.cacheControl == nil)
        #expect(resource.customMetadata.isEmpty)
        #expect(resource.storageClass == "STANDARD")
        #expect(!resource.etag.isEmpty)
        #expect(resource.timeCreated == resource.updated)
        let millis = resource.timeCreated.timeIntervalSince1970 * 1000
        #expect(abs(millis - millis.rounded()) < 0.001)
        #expect(resource.timeCreated.timeIntervalSince(before) > -0.002)
        #expect(try backend.getMetadata(Fixtures.address("dir/someFile")) == resource)
    }

    @Test func exactlyOneLowercaseUUIDToken() throws {
        let backend = ReferenceBackend()
        let resource = try Fixtures.upload(backend, "token")
        #expect(resource.downloadTokens.count == 1)
        let token = try #require(resource.downloadTokens.first)
        #expect(UUID(uuidString: token) != nil)
        #expect(token == token.lowercased())
        #expect(Array(token)[14] == "4")  // a random (version 4) UUID
        #expect("89ab".contains(Array(token)[19]))  // RFC 4122 variant
        let tokens = try (0..<50).map { index throws(BackendError) in
            try Fixtures.upload(backend, "t\(index)").downloadTokens
        }
        #expect(Set(tokens.joined()).count == 50)
    }

    @Test func givenMetadataIsKept() throws {
        let backend = ReferenceBackend()
        let metadata = ObjectMetadataFields(
            cacheControl: "no-cache", contentDisposition: "inline", contentEncoding: "gzip",
            contentLanguage: "en", contentType: "text/plain", customMetadata: ["a": "1", "b": "2"])
        let resource = try Fixtures.upload(backend, "meta", metadata: metadata)
        #expect(resource.cacheControl == "no-cache")
        #expect(resource.contentDisposition == "inline")
        #expect(resource.contentEncoding == "gzip")
        #expect(resource.contentLanguage == "en")
        #expect(resource.contentType == "text/plain")
        #expect(resource.customMetadata == ["a": "1", "b": "2"])
    }

    @Test func overwriteReplacesTheObjectAndBumpsGeneration() throws {
        let backend = ReferenceBackend()
        let first = try Fixtures.upload(
            backend, "file", Data("one".utf8), metadata: ObjectMetadataFields(customMetadata: ["old": "x"]))
        let second = try Fixtures.upload(backend, "file", Data("second".utf8))
        #expect(second.generation > first.generation)
        #expect(second.metageneration == 1)
        #expect(second.size == 6)
        #expect(second.customMetadata.isEmpty)
        #expect(second.downloadTokens != first.downloadTokens)
        #expect(second.etag != first.etag)
        #expect(try Fixtures.read(backend, "file") == Data("second".utf8))
        #expect(try backend.list(ListRequest(bucket: Fixtures.bucket)).items == ["file"])
    }

    @Test func generationsStrictlyIncreaseAcrossTheBackend() throws {
        let backend = ReferenceBackend()
        var generations: [Int64] = []
        for index in 0..<200 {
            let bucket = index.isMultiple(of: 2) ? "even" : "odd"
            generations.append(try Fixtures.upload(backend, "o\(index % 7)", bucket: bucket).generation)
        }
        #expect(zip(generations, generations.dropFirst()).allSatisfy { $0 < $1 })
    }

    @Test func emptyUploadMakesAnEmptyObject() throws {
        let backend = ReferenceBackend()
        let resource = try Fixtures.upload(backend, "empty", Data())
        #expect(resource.size == 0)
        #expect(resource.md5Hash == "1B2M2Y8AsgTpgAmY7PhCfg==")
        #expect(resource.crc32c == "AAAAAA==")
        #expect(try Fixtures.read(backend, "empty").isEmpty)
    }

    @Test func bucketsAreSeparate() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "same", Data("A".utf8), bucket: "a")
        try Fixtures.upload(backend, "same", Data("B".utf8), bucket: "b")
        let readA = try backend.readObject(ReadRequest(object: ObjectAddress(bucket: "a", name: "same")))
        #expect(readA.data == Data("A".utf8))
        #expect(status { try backend.getMetadata(ObjectAddress(bucket: "c", name: "same")) } == 404)
        #expect(try backend.getMetadata(ObjectAddress(bucket: "b", name: "same")).bucket == "b")
    }

    @Test func deleteRemovesTheObject() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "gone")
        try backend.deleteObject(Fixtures.address("gone"))
        #expect(status { try backend.getMetadata(Fixtures.address("gone")) } == 404)
        #expect(status { try backend.deleteObject(Fixtures.address("gone")) } == 404)
        #expect(try backend.list(ListRequest(bucket: Fixtures.bucket)).items.isEmpty)
    }
}

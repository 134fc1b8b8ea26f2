import Foundation
import ReferenceService
import StorageAPI
import Testing

@Suite struct MetadataPatchTests {
    private let full = ObjectMetadataFields(
        cacheControl: "max-age=60", contentDisposition: "inline", contentEncoding: "gzip", contentLanguage: "fr",
        contentType: "text/plain", customMetadata: ["keep": "1", "change": "2", "drop": "3"])

    private func patch(_ patch: MetadataPatch, backend: ReferenceBackend) throws(BackendError) -> ObjectResource {
        try backend.updateMetadata(Fixtures.address("file"), patch: patch)
    }

    @Test func absentFieldsStayAndNilRemoves() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", metadata: full)
        let updated = try patch(
            MetadataPatch(fields: [.contentType: "image/png", .cacheControl: String?.none]), backend: backend)
        #expect(updated.contentType == "image/png")
        #expect(updated.cacheControl == nil)
        #expect(updated.contentDisposition == "inline")
        #expect(updated.contentLanguage == "fr")
        #expect(updated.contentEncoding == "gzip")
        #expect(updated.customMetadata == full.customMetadata)
        #expect(try backend.getMetadata(Fixtures.address("file")) == updated)
    }

    @Test func removedContentEncodingReadsIdentityAndRemovedContentTypeIsAbsent() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", metadata: full)
        let updated = try patch(
            MetadataPatch(fields: [.contentEncoding: String?.none, .contentType: String?.none]), backend: backend)
        #expect(updated.contentEncoding == "identity")
        #expect(updated.contentType == nil)
    }

    @Test func customKeysMergeAndNilDeletes() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", metadata: full)
        let updated = try patch(
            MetadataPatch(customMetadata: ["change": "two", "drop": String?.none, "new": "4", "absent": String?.none]),
            backend: backend)
        #expect(updated.customMetadata == ["keep": "1", "change": "two", "new": "4"])
    }

    @Test func removeAllClearsBeforeMerging() throws {
        let backend = ReferenceBackend()
        try Fixtures.upload(backend, "file", metadata: full)
        let cleared = try patch(MetadataPatch(removesAllCustomMetadata: true), backend: backend)
        #expect(cleared.customMetadata.isEmpty)
        #expect(cleared.contentType == "text/plain")
        let replaced = try patch(
            MetadataPatch(customMetadata: ["only": "this"], removesAllCustomMetadata: true), backend: backend)
        #expect(replaced.customMetadata == ["only": "this"])
    }

    @Test func everyPatchBumpsMetagenerationUpdatedAndEtag() throws {
        let backend = ReferenceBackend()
        let original = try Fixtures.upload(backend, "file", metadata: full)
        let first = try patch(MetadataPatch(fields: [.contentLanguage: "de"]), backend: backend)
        let second = try patch(MetadataPatch(), backend: backend)
        #expect(first.metageneration == 2)
        #expect(second.metageneration == 3)
        #expect(first.generation == original.generation)
        #expect(second.generation == original.generation)
        #expect(first.updated >= original.updated)
        #expect(second.updated >= first.updated)
        #expect(first.timeCreated == original.timeCreated)
        #expect(Set([original.etag, first.etag, second.etag]).count == 3)
        #expect(first.md5Hash == original.md5Hash)
        #expect(first.downloadTokens == original.downloadTokens)
        #expect(try Fixtures.read(backend, "file") == Data("hello".utf8))
    }

    @Test func missingObjectIs404() {
        #expect(
            status { try ReferenceBackend().updateMetadata(Fixtures.address("none"), patch: MetadataPatch()) } == 404)
    }
}

import Foundation
import StorageAPI
import StorageSDK
import Testing

@Suite struct StorageMetadataTests {
    static func resource(
        name: String = "ios/public/1mb", contentLanguage: String? = nil, customMetadata: [String: String] = [:]
    ) -> ObjectResource {
        ObjectResource(
            bucket: "bucket", name: name, generation: 7, metageneration: 2, size: 1_048_576,
            contentType: "application/octet-stream", contentLanguage: contentLanguage, customMetadata: customMetadata,
            md5Hash: "tXMGW/9Rr1hdsTkUdGR1Kg==", crc32c: "AAAAAA==", etag: "e",
            timeCreated: Date(timeIntervalSince1970: 1_700_000_000),
            updated: Date(timeIntervalSince1970: 1_700_000_100),
            downloadTokens: ["token"])
    }

    @Test func emptyMetadata() {
        let metadata = StorageMetadata()
        #expect(metadata.bucket == "")
        #expect(metadata.size == 0)
        #expect(metadata.generation == 0)
        #expect(metadata.name == nil)
        #expect(metadata.path == nil)
        #expect(metadata.contentType == nil)
        #expect(metadata.customMetadata == nil)
        #expect(metadata.timeCreated == nil)
        #expect(!metadata.isFile)
        #expect(metadata.patch().isEmpty)
        #expect(metadata.uploadFields == ObjectMetadataFields())
    }

    @Test func fromResource() {
        let metadata = StorageMetadata(resource: Self.resource(customMetadata: ["a": "b"]))
        #expect(metadata.bucket == "bucket")
        #expect(metadata.path == "ios/public/1mb")
        #expect(metadata.name == "1mb")
        #expect(metadata.size == 1_048_576)
        #expect(metadata.generation == 7)
        #expect(metadata.metageneration == 2)
        #expect(metadata.md5Hash?.count == 24)
        #expect(metadata.contentEncoding == "identity")
        #expect(metadata.contentType == "application/octet-stream")
        #expect(metadata.customMetadata == ["a": "b"])
        #expect(metadata.timeCreated == Date(timeIntervalSince1970: 1_700_000_000))
        #expect(metadata.updated == Date(timeIntervalSince1970: 1_700_000_100))
        #expect(metadata.isFile)
        #expect(metadata.patch().isEmpty)
    }

    @Test func noCustomMetadataReadsAsNil() {
        #expect(StorageMetadata(resource: Self.resource()).customMetadata == nil)
    }

    @Test func nameIsTheLastSegment() {
        #expect(StorageMetadata(resource: Self.resource(name: "hello&+@_ .txt")).name == "hello&+@_ .txt")
        #expect(StorageMetadata(resource: Self.resource(name: "a/b/c.txt")).name == "c.txt")
        var upload = StorageMetadata()
        upload.path = "ios/public/x"
        #expect(upload.name == "x")
    }

    @Test func uploadFields() {
        var metadata = StorageMetadata()
        metadata.contentType = "text/plain"
        metadata.cacheControl = "no-cache"
        metadata.customMetadata = ["k": "v"]
        #expect(
            metadata.uploadFields
                == ObjectMetadataFields(cacheControl: "no-cache", contentType: "text/plain", customMetadata: ["k": "v"])
        )
    }

    @Test func freshMetadataPatchSetsEveryNonNilField() {
        var metadata = StorageMetadata()
        metadata.cacheControl = "cache-control"
        metadata.contentDisposition = "content-disposition"
        metadata.contentEncoding = "gzip"
        metadata.contentLanguage = "de"
        metadata.contentType = "content-type-a"
        metadata.customMetadata = ["a": "b"]
        #expect(
            metadata.patch()
                == MetadataPatch(
                    fields: [
                        .cacheControl: "cache-control", .contentDisposition: "content-disposition",
                        .contentEncoding: "gzip",
                        .contentLanguage: "de", .contentType: "content-type-a",
                    ],
                    customMetadata: ["a": "b"]))
    }

    /// docs/semantics.md §6.6, first example: changed language and one changed custom key.
    @Test func patchKeepsOnlyChanges() {
        var metadata = StorageMetadata(
            resource: Self.resource(contentLanguage: "old", customMetadata: ["foo": "old", "bar": "old"]))
        metadata.contentLanguage = "new"
        metadata.customMetadata = ["foo": "new", "bar": "old"]
        #expect(metadata.patch() == MetadataPatch(fields: [.contentLanguage: "new"], customMetadata: ["foo": "new"]))
    }

    /// docs/semantics.md §6.6, second example: no change, nothing to send.
    @Test func unchangedMetadataPatchIsEmpty() {
        var metadata = StorageMetadata(
            resource: Self.resource(contentLanguage: "old", customMetadata: ["foo": "old", "bar": "old"]))
        metadata.contentLanguage = "old"
        metadata.customMetadata = ["bar": "old", "foo": "old"]
        #expect(metadata.patch().isEmpty)
    }

    /// docs/semantics.md §6.6, third example: a removed field and a removed custom key become removals.
    @Test func patchRemovesWhatWasRemoved() {
        var metadata = StorageMetadata(
            resource: Self.resource(contentLanguage: "old", customMetadata: ["foo": "old", "bar": "old"]))
        metadata.contentLanguage = nil
        metadata.customMetadata = ["foo": "old"]
        let expected = MetadataPatch(fields: [.contentLanguage: String?.none], customMetadata: ["bar": String?.none])
        #expect(metadata.patch() == expected)
    }

    /// ObjC testUpdateMetadata: `{a:b, y:z}` → `{c:d, y:""}` deletes `a`, adds `c`, keeps `y` as "".
    @Test func customKeysAreDiffedOneByOne() {
        var metadata = StorageMetadata(resource: Self.resource(customMetadata: ["a": "b", "y": "z"]))
        metadata.customMetadata = ["c": "d", "y": ""]
        #expect(metadata.patch() == MetadataPatch(customMetadata: ["a": String?.none, "c": "d", "y": ""]))
    }

    @Test func nilCustomMetadataClearsAllWhileEmptyDeletesKeyByKey() {
        var cleared = StorageMetadata(resource: Self.resource(customMetadata: ["a": "b"]))
        cleared.customMetadata = nil
        #expect(cleared.patch() == MetadataPatch(removesAllCustomMetadata: true))
        var emptied = StorageMetadata(resource: Self.resource(customMetadata: ["a": "b"]))
        emptied.customMetadata = [:]
        #expect(emptied.patch() == MetadataPatch(customMetadata: ["a": String?.none]))
        var none = StorageMetadata(resource: Self.resource())
        none.customMetadata = nil
        #expect(none.patch().isEmpty)
    }

    /// testUpdateMetadata2: setting every writable field to nil removes each one the object had.
    @Test func clearingEverything() {
        var metadata = StorageMetadata(resource: Self.resource(contentLanguage: "de", customMetadata: ["a": "b"]))
        metadata.cacheControl = nil
        metadata.contentDisposition = nil
        metadata.contentEncoding = nil
        metadata.contentLanguage = nil
        metadata.contentType = nil
        metadata.customMetadata = nil
        let expected = MetadataPatch(
            fields: [.contentEncoding: String?.none, .contentLanguage: String?.none, .contentType: String?.none],
            removesAllCustomMetadata: true)
        #expect(metadata.patch() == expected)
    }

    @Test func changesAreComparedByteForByte() {
        var metadata = StorageMetadata(
            resource: Self.resource(contentLanguage: "caf\u{E9}", customMetadata: ["k": "caf\u{E9}"]))
        metadata.contentLanguage = "cafe\u{301}"
        metadata.customMetadata = ["k": "cafe\u{301}"]
        #expect(
            metadata.patch()
                == MetadataPatch(fields: [.contentLanguage: "cafe\u{301}"], customMetadata: ["k": "cafe\u{301}"]))
    }

    @Test func unicodeCustomMetadataRoundTrips() {
        let custom = ["lol": "custom metadata is neat", "ちかてつ": "🚇", "shinkansen": "新幹線"]
        var metadata = StorageMetadata()
        metadata.contentType = "lol/custom"
        metadata.customMetadata = custom
        #expect(metadata.patch().customMetadata == custom.mapValues { .some($0) })
        #expect(metadata.uploadFields.customMetadata == custom)
    }

    @Test func equalityComparesVisibleValues() {
        let fromService = StorageMetadata(resource: Self.resource())
        #expect(fromService == StorageMetadata(resource: Self.resource()))
        var changed = fromService
        changed.contentType = "text/plain"
        #expect(changed != fromService)
        #expect(StorageMetadata() == StorageMetadata())
        #expect(StorageMetadata() != fromService)
    }
}

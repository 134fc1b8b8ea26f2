import Foundation
import ReferenceService
import StorageAPI
import Testing

/// What the Firebase layer adds and Cloud Storage's own APIs do not: a default disposition, prefixes that end with
/// the delimiter, names with empty segments hidden from listings.
@Suite struct StorageLayerTests {
    private static let names = ["a//b", "dir/", "/lead", "tree/x", "treehouse", "tree"]

    private func seeded() throws -> ReferenceBackend {
        let backend = ReferenceBackend()
        for name in Self.names { try backend.seed(bucket: "b", name: name, data: Data(name.utf8)) }
        return backend
    }

    @Test func cloudStorageListsEveryNameUnderAnyPrefix() throws {
        let backend = try seeded()
        let all = try backend.list(ListRequest(bucket: "b", delimiter: nil, layer: .cloudStorage))
        #expect(all.items == Self.names.sorted())
        let folders = try backend.list(ListRequest(bucket: "b", layer: .cloudStorage))
        #expect(folders.prefixes == ["/", "a/", "dir/", "tree/"])
        #expect(folders.items == ["tree", "treehouse"])
        let tree = try backend.list(ListRequest(bucket: "b", prefix: "tree", layer: .cloudStorage))
        #expect(tree == ListPage(prefixes: ["tree/"], items: ["tree", "treehouse"]))
        #expect(try backend.list(ListRequest(bucket: "b", prefix: "a/", layer: .cloudStorage)).prefixes == ["a//"])
        #expect(try backend.list(ListRequest(bucket: "b", prefix: "dir/", layer: .cloudStorage)).items == ["dir/"])
    }

    @Test func theFirebaseLayerHidesEmptySegmentsAndTakesOnlyPrefixesEndingWithTheDelimiter() throws {
        let backend = try seeded()
        let folders = try backend.list(ListRequest(bucket: "b"))
        #expect(folders == ListPage(prefixes: ["a/", "dir/", "tree/"], items: ["tree", "treehouse"]))
        #expect { try backend.list(ListRequest(bucket: "b", prefix: "tree")) } throws: {
            ($0 as? BackendError)?.status == 400
        }
    }

    @Test func onlyTheFirebaseLayerAddsADefaultDisposition() throws {
        let backend = ReferenceBackend()
        try backend.createBucket("bkt")
        for (layer, expected) in [(StorageLayer.firebase, "inline; filename*=utf-8''x.txt"), (.cloudStorage, nil)] {
            let session = try backend.startUpload(
                UploadStart(object: ObjectAddress(bucket: "bkt", name: "d/x.txt"), layer: layer))
            let status = try backend.uploadChunk(session: session.id, offset: 0, data: Data("x".utf8), finalize: true)
            #expect(status.resource?.contentDisposition == expected)
            #expect(status.resource?.contentType == "application/octet-stream")
        }
    }
}

import Foundation
import Primitives
import StorageAPI
import StorageSDK
import Testing

/// `getMetadata`, `updateMetadata` and `delete` on a reference (docs/semantics.md §6.5, §6.6).
@Suite struct MetadataOperationTests {
    /// A storage holding "Hello Swift World" at `name`, uploaded through the client with `metadata`.
    static func storage(
        name: String = "ios/public/hello", metadata: StorageMetadata? = nil
    ) throws -> (Storage, StorageReference, StorageMetadata) {
        let (storage, _) = makeStorage()
        let reference = storage.reference(withPath: name)
        let task = reference.putData(Data("Hello Swift World".utf8), metadata: metadata)
        task.wait()
        return (storage, reference, try #require(try task.result?.get()))
    }

    @Test func getMetadataReportsTheServicesFields() throws {
        let (_, reference, uploaded) = try Self.storage()
        let metadata = try reference.getMetadata()
        #expect(metadata.size == 17)
        #expect(metadata.bucket == "bucket")
        #expect(metadata.path == "ios/public/hello")
        #expect(metadata.name == "hello")
        #expect(metadata.md5Hash?.count == 24)
        #expect(metadata.md5Hash == Data(MD5.digest(of: Data("Hello Swift World".utf8))).base64EncodedString())
        #expect(metadata.generation > 0)
        #expect(metadata.generation == uploaded.generation)
        #expect(metadata.metageneration == 1)
        #expect(metadata.contentEncoding == "identity")
        #expect(metadata.contentType == "application/octet-stream")
        let created = try #require(metadata.timeCreated)
        #expect(metadata.updated == created)
        #expect(abs(created.timeIntervalSinceNow) < 3600)
        #expect(metadata.isFile)
        #expect(metadata == uploaded)
    }

    @Test func getMetadataOfAMissingObjectIsObjectNotFound() throws {
        let (storage, _, _) = try Self.storage()
        let error = try #require(thrownError { try storage.reference(withPath: "ios/public/none").getMetadata() })
        #expect(error.code == .objectNotFound)
        #expect(error.message == "Object ios/public/none does not exist.")
        #expect(error.serverStatus == 404)
    }

    @Test func updateFromReadMetadataSendsOnlyTheChanges() throws {
        var given = StorageMetadata()
        given.customMetadata = ["a": "b", "y": "z"]
        given.contentType = "text/plain"
        given.cacheControl = "no-cache"
        let (_, reference, _) = try Self.storage(metadata: given)
        var metadata = try reference.getMetadata()
        metadata.customMetadata = ["c": "d", "y": ""]
        metadata.contentLanguage = "en"
        let updated = try reference.updateMetadata(metadata)
        #expect(updated.customMetadata == ["c": "d", "y": ""])
        #expect(updated.contentLanguage == "en")
        #expect(updated.contentType == "text/plain")
        #expect(updated.cacheControl == "no-cache")
        #expect(updated.metageneration == 2)
        #expect(updated.generation == metadata.generation)
        #expect(updated.size == 17)
        let updatedTime = try #require(updated.updated)
        let createdTime = try #require(updated.timeCreated)
        #expect(updatedTime >= createdTime)
        #expect(try reference.getMetadata() == updated)
    }

    @Test func clearingFieldsRemovesThem() throws {
        var given = StorageMetadata()
        given.customMetadata = ["a": "b"]
        given.contentType = "text/plain"
        given.contentEncoding = "gzip"
        given.contentLanguage = "fr"
        let (_, reference, _) = try Self.storage(metadata: given)
        var metadata = try reference.getMetadata()
        metadata.customMetadata = nil
        metadata.contentType = nil
        metadata.contentEncoding = nil
        let updated = try reference.updateMetadata(metadata)
        #expect(updated.customMetadata == nil)
        #expect(updated.contentType == nil)
        #expect(updated.contentEncoding == "identity")
        #expect(updated.contentLanguage == "fr")
    }

    @Test func anUnchangedMetadataOnlyBumpsTheMetageneration() throws {
        let (_, reference, _) = try Self.storage()
        let metadata = try reference.getMetadata()
        #expect(metadata.patch().isEmpty)
        let updated = try reference.updateMetadata(metadata)
        #expect(updated.contentType == metadata.contentType)
        #expect(updated.metageneration == metadata.metageneration + 1)
    }

    @Test func aFreshMetadataSetsOnlyWhatItHolds() throws {
        var given = StorageMetadata()
        given.customMetadata = ["keep": "me"]
        given.contentLanguage = "de"
        let (_, reference, _) = try Self.storage(metadata: given)
        var change = StorageMetadata()
        change.contentType = "image/png"
        change.customMetadata = ["new": "key"]
        let updated = try reference.updateMetadata(change)
        #expect(updated.contentType == "image/png")
        #expect(updated.contentLanguage == "de")
        #expect(updated.customMetadata == ["keep": "me", "new": "key"])
    }

    @Test func aPatchRemovesACustomKeyAndBumpsTheMetageneration() throws {
        var given = StorageMetadata()
        given.customMetadata = ["a": "1", "b": "2"]
        let (_, reference, _) = try Self.storage(metadata: given)
        let updated = try reference.updateMetadata(patch: MetadataPatch(customMetadata: ["a": String?.none, "c": "3"]))
        #expect(updated.customMetadata == ["b": "2", "c": "3"])
        #expect(updated.metageneration == 2)
        let again = try reference.updateMetadata(patch: MetadataPatch(fields: [.cacheControl: "max-age=60"]))
        #expect(again.metageneration == 3)
        #expect(again.cacheControl == "max-age=60")
        #expect(again.customMetadata == ["b": "2", "c": "3"])
    }

    @Test func aPatchCanClearAllCustomMetadata() throws {
        var given = StorageMetadata()
        given.customMetadata = ["a": "1", "b": "2"]
        let (_, reference, _) = try Self.storage(metadata: given)
        let updated = try reference.updateMetadata(patch: MetadataPatch(removesAllCustomMetadata: true))
        #expect(updated.customMetadata == nil)
    }

    @Test func updatingAMissingObjectIsObjectNotFound() throws {
        let (storage, _, _) = try Self.storage()
        let error = try #require(
            thrownError { try storage.reference(withPath: "gone").updateMetadata(StorageMetadata()) })
        #expect(error.code == .objectNotFound)
        #expect(error.message == "Object gone does not exist.")
    }

    @Test func deleteThenDeleteAgain() throws {
        let (_, reference, _) = try Self.storage(name: "images/desert.jpg")
        try reference.delete()
        let error = try #require(thrownError { try reference.delete() })
        #expect(error.code == .objectNotFound)
        #expect(error.message == "Object images/desert.jpg does not exist.")
        #expect(error.object == "images/desert.jpg")
        #expect(try #require(thrownError { try reference.getMetadata() }).code == .objectNotFound)
        let download = reference.getData(maxSize: 100)
        download.wait()
        #expect(download.snapshot.error?.code == .objectNotFound)
    }

    @Test func deleteLeavesItsNeighbours() throws {
        let (storage, reference, _) = try Self.storage(name: "images/a")
        let neighbour = storage.reference(withPath: "images/b")
        neighbour.putData(bytes(1)).wait()
        try reference.delete()
        #expect(try neighbour.getMetadata().size == 1)
    }
}

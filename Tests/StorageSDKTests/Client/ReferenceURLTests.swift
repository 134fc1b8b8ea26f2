import Foundation
import Testing

/// `Storage.reference(forURL:)` (docs/semantics.md §1.4, §2).
@Suite struct ReferenceURLTests {
    /// The parser's table, for a storage whose bucket is `bucket`.
    static let parsed = StoragePathParsingTests.parsedURLs.filter { $0.1 == "bucket" }

    @Test(arguments: parsed)
    func parses(url: String, bucket: String, object: String?) throws {
        let (storage, _) = makeStorage()
        let reference = try storage.reference(forURL: url)
        #expect(reference.bucket == bucket)
        #expect(reference.storagePath.object == object)
        #expect(reference.fullPath == (object ?? ""))
        #expect(reference.description == "gs://\(bucket)/\(object ?? "")")
    }

    @Test(arguments: StoragePathParsingTests.malformedURLs)
    func rejects(url: String, message: String) throws {
        let (storage, _) = makeStorage()
        let error = try #require(thrownError { try storage.reference(forURL: url) })
        #expect(error.code == .pathError)
        #expect(error.code.rawValue == -13053)
        #expect(error.message == message)
    }

    @Test func theRootOfAParsedReference() throws {
        let (storage, _) = makeStorage()
        #expect(try storage.reference(forURL: "gs://bucket/path/to/object").root().description == "gs://bucket/")
        #expect(try storage.reference(forURL: "gs://bucket/").root().description == "gs://bucket/")
        #expect(try storage.reference(forURL: "gs://bucket/").root() == storage.reference())
        #expect(
            try storage.reference(forURL: "gs://bucket/path/to/object") == storage.reference(withPath: "path/to/object")
        )
    }

    @Test func childrenAndParentsOfParsedReferences() throws {
        let (storage, _) = makeStorage()
        let root = try storage.reference(forURL: "gs://bucket/")
        #expect(root.child("path").description == "gs://bucket/path")
        #expect(root.child("path/to/object").description == "gs://bucket/path/to/object")
        #expect(root.child("path").child("to").child("object").description == "gs://bucket/path/to/object")
        #expect(
            try storage.reference(forURL: "gs://bucket//path/to/object/").parent()?.description == "gs://bucket/path/to"
        )
        #expect(try storage.reference(forURL: "gs://bucket/path").parent()?.description == "gs://bucket/")
        #expect(try storage.reference(forURL: "gs://bucket/path/").parent()?.description == "gs://bucket/")
        #expect(try storage.reference(forURL: "gs://bucket/").parent() == nil)
    }

    @Test func propertiesOfParsedReferences() throws {
        let (storage, _) = makeStorage()
        let object = try storage.reference(forURL: "gs://bucket/path/to/object/")
        #expect(try storage.reference(forURL: "gs://bucket//path/to/object/").bucket == "bucket")
        #expect(object.name == "object")
        #expect(object.fullPath == "path/to/object")
        let root = try storage.reference(forURL: "gs://bucket/")
        #expect(root.name == "")
        #expect(root.fullPath == "")
    }

    @Test(arguments: ["gs://bcket/", "gs://bcket/path", "https://firebasestorage.googleapis.com/v0/b/bcket/o/a"])
    func anotherBucketIsABucketMismatch(url: String) throws {
        let (storage, _) = makeStorage()
        let error = try #require(thrownError { try storage.reference(forURL: url) })
        #expect(error.code == .bucketMismatch)
        #expect(error.code.rawValue == -13051)
        #expect(
            error.message
                == "Provided bucket: `bcket` does not match the Storage bucket of the current instance: `bucket`")
    }

    @Test func theBucketIsComparedExactly() throws {
        let (storage, _) = makeStorage(bucket: "foo-bar.appspot.com")
        #expect(try storage.reference(forURL: "gs://foo-bar.appspot.com/a").bucket == "foo-bar.appspot.com")
        let error = try #require(thrownError { try storage.reference(forURL: "gs://FOO-BAR.appspot.com/a") })
        #expect(
            error.message
                == "Provided bucket: `FOO-BAR.appspot.com` does not match the Storage bucket of the current instance: `foo-bar.appspot.com`"
        )
    }

    @Test func aMalformedURLIsAPathErrorEvenForAnotherBucket() throws {
        let (storage, _) = makeStorage()
        #expect(
            try #require(thrownError { try storage.reference(forURL: "ftp://other/v0/b/other/o/a") }).code == .pathError
        )
    }

    @Test func anEmptyBucketStorageAcceptsAnyBucket() throws {
        let (storage, _) = makeStorage(bucket: "")
        let first = try storage.reference(forURL: "gs://bucket/path/to/object")
        #expect(first.bucket == "bucket")
        #expect(first.fullPath == "path/to/object")
        #expect(
            try storage.reference(forURL: "gs://benwu-test1.storage.firebase.com/child").bucket
                == "benwu-test1.storage.firebase.com")
        #expect(
            try storage.reference(forURL: "gs://benwu-test2.storage.firebase.com/child").bucket
                == "benwu-test2.storage.firebase.com")
        #expect(try #require(thrownError { try storage.reference(forURL: "gs://") }).code == .pathError)
    }

    @Test func aDownloadURLLeadsBackToItsReference() throws {
        let (storage, _) = makeStorage()
        let reference = storage.reference(withPath: "images/hello&+@_ .txt")
        reference.putData(Data("hello".utf8)).wait()
        let url = try reference.downloadURL()
        #expect(try storage.reference(forURL: url.absoluteString) == reference)
    }
}

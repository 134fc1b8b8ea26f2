import Foundation
import ReferenceService
import StorageAPI
import StorageSDK
import Testing

/// `StorageReference.downloadURL()` (docs/semantics.md §7).
@Suite struct DownloadURLOperationTests {
    /// The URL up to the token, and the token, of the download URL of an object uploaded at `path`.
    static func downloadURL(
        for path: String, bucket: String = "bucket", host: String = Storage.productionHost
    ) throws -> (prefix: String, token: String) {
        let backend = ReferenceBackend()
        let storage = Storage(bucket: bucket, backend: backend, host: host)
        let reference = storage.reference(withPath: path)
        reference.putData(bytes(4)).wait()
        let url = try reference.downloadURL().absoluteString
        let parts = url.components(separatedBy: "&token=")
        try #require(parts.count == 2)
        return (parts[0], parts[1])
    }

    @Test func theFormatOfTheGuide() throws {
        let (prefix, token) = try Self.downloadURL(for: "images/stars.jpg")
        #expect(prefix == "https://firebasestorage.googleapis.com:443/v0/b/bucket/o/images%2Fstars.jpg?alt=media")
        #expect(UUID(uuidString: token) != nil)
        #expect(token == token.lowercased())
    }

    @Test(arguments: [
        ("hello&+@_ .txt", "hello%26%2B@_%20.txt"),
        ("ios/public/-._~!$'()*,=:@&+;", "ios%2Fpublic%2F-._~!$'()*,=:@%26%2B%3B"),
        ("a?b#c%d", "a%3Fb%23c%25d"),
        ("caf\u{E9}/\u{1F600}", "caf%C3%A9%2F%F0%9F%98%80"),
        ("[x]", "%5Bx%5D"),
    ])
    func specialCharactersAreEscapedAsTheSDKDoes(path: String, escaped: String) throws {
        let (prefix, _) = try Self.downloadURL(for: path)
        #expect(prefix == "https://firebasestorage.googleapis.com:443/v0/b/bucket/o/\(escaped)?alt=media")
    }

    @Test func theBucketIsEscapedToo() throws {
        let (prefix, _) = try Self.downloadURL(for: "a", bucket: "my bucket")
        #expect(prefix == "https://firebasestorage.googleapis.com:443/v0/b/my%20bucket/o/a?alt=media")
    }

    @Test func theStoragesHostIsUsed() throws {
        let (prefix, _) = try Self.downloadURL(for: "a/b", host: "http://127.0.0.1:9199")
        #expect(prefix == "http://127.0.0.1:9199/v0/b/bucket/o/a%2Fb?alt=media")
    }

    @Test func theTokenIsTheObjectsFirstAndStaysTheSame() throws {
        let (storage, backend) = makeStorage()
        let reference = storage.reference(withPath: "stable")
        reference.putData(bytes(1)).wait()
        let first = try reference.downloadURL()
        #expect(try reference.downloadURL() == first)
        let token = try #require(
            backend.getMetadata(ObjectAddress(bucket: "bucket", name: "stable")).downloadTokens.first)
        #expect(first.absoluteString.hasSuffix("&token=\(token)"))
    }

    @Test func aMissingObjectIsObjectNotFound() throws {
        let (storage, _) = makeStorage()
        do {
            _ = try storage.reference(withPath: "images/none.jpg").downloadURL()
            Issue.record("downloadURL of a missing object returned")
        } catch {
            #expect(error.code == .objectNotFound)
            #expect(error.message == "Object images/none.jpg does not exist.")
        }
    }

    @Test(arguments: [[String](), [""]])
    func anObjectWithoutATokenHasNoDownloadURL(tokens: [String]) throws {
        let (storage, backend) = makeRecordedStorage()
        let reference = storage.reference(withPath: "tokenless")
        reference.putData(bytes(1)).wait()
        backend.rewriteNextMetadata { resource in
            var changed = resource
            changed.downloadTokens = tokens
            return changed
        }
        do {
            _ = try reference.downloadURL()
            Issue.record("downloadURL without a token returned")
        } catch {
            #expect(error.code == .unknown)
            #expect(error.message == "Failed to retrieve a download URL.")
        }
    }

    @Test func downloadURLIsAReadTheRulesCheck() throws {
        let (storage, backend) = makeStorage()
        backend.setRules(StorageRules(entries: []), bucket: "bucket")
        try backend.seed(bucket: "bucket", name: "private/file", data: Data("secret".utf8))
        do {
            _ = try storage.reference(withPath: "private/file").downloadURL()
            Issue.record("downloadURL under deny-all rules returned")
        } catch {
            #expect(error.code == .unauthorized)
            #expect(error.message == "User does not have permission to access gs://bucket/private/file.")
        }
    }
}

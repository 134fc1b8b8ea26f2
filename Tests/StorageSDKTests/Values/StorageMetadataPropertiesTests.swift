import Foundation
import StorageAPI
import StorageSDK
import Testing

/// `StorageMetadata.property(_:)`: the values scenarios compare (`metadata: { … }`, `$meta.…`).
@Suite struct StorageMetadataPropertiesTests {
    static let resource = ObjectResource(
        bucket: "bkt", name: "dir/file.txt", generation: 1_718_000_000_000_123, metageneration: 3, size: 11,
        contentType: "text/plain", contentLanguage: "fr", customMetadata: ["k": "v"],
        md5Hash: "XrY7u+Ae7tCTyyK7j1rNww==", crc32c: "yZRlqg==", etag: "e",
        timeCreated: Date(timeIntervalSince1970: 1_718_000_000.123), updated: Date(timeIntervalSince1970: 1_718_000_001)
    )

    @Test func theNamesAreTheSDKsProperties() {
        #expect(
            StorageMetadata.propertyNames == [
                "bucket", "cacheControl", "contentDisposition", "contentEncoding", "contentLanguage", "contentType",
                "customMetadata", "generation", "md5Hash", "metageneration", "name", "path", "size", "timeCreated",
                "updated",
            ])
    }

    @Test func aServicesMetadataShowsEveryProperty() {
        var metadata = StorageMetadata(resource: Self.resource)
        metadata.cacheControl = "no-cache"
        let expected: [String: String?] = [
            "bucket": "bkt", "cacheControl": "no-cache", "contentDisposition": nil, "contentEncoding": "identity",
            "contentLanguage": "fr", "contentType": "text/plain", "customMetadata": nil,
            "generation": "1718000000000123", "md5Hash": "XrY7u+Ae7tCTyyK7j1rNww==", "metageneration": "3",
            "name": "file.txt", "path": "dir/file.txt", "size": "11", "timeCreated": "2024-06-10T06:13:20.123Z",
            "updated": "2024-06-10T06:13:21.000Z",
        ]
        for name in StorageMetadata.propertyNames {
            #expect(metadata.property(name) == expected[name] ?? nil, "\(name)")
        }
        #expect(metadata.property("etag") == nil)
        #expect(metadata.property("downloadTokens") == nil)
    }

    /// Metadata made for an upload has only what the caller set.
    @Test func uploadMetadataShowsWhatWasSet() {
        var metadata = StorageMetadata()
        metadata.contentType = "a/b"
        metadata.path = "x/y"
        #expect(metadata.property("contentType") == "a/b")
        #expect(metadata.property("path") == "x/y")
        #expect(metadata.property("name") == "y")
        for name in ["bucket", "contentEncoding", "generation", "md5Hash", "size", "timeCreated"] {
            #expect(metadata.property(name) == nil, "\(name)")
        }
    }

    @Test func theResourceShowsTheCallersChanges() {
        var metadata = StorageMetadata(resource: Self.resource)
        metadata.contentType = nil
        metadata.contentEncoding = "gzip"
        metadata.customMetadata = nil
        var expected = Self.resource
        expected.contentType = nil
        expected.contentEncoding = "gzip"
        expected.customMetadata = [:]
        #expect(metadata.resource == expected)
        #expect(metadata[.contentEncoding] == "gzip")
        metadata[.contentLanguage] = nil
        #expect(metadata.contentLanguage == nil)
    }
}

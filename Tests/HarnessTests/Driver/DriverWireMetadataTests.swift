import Foundation
import Harness
import StorageAPI
import StorageSDK
import Testing

/// `DriverWire`'s metadata messages (docs/driver-protocol.md §3), written and read.
@Suite struct DriverWireMetadataTests {
    static let sample = ObjectResource(
        bucket: "demo-project.appspot.com", name: "dir/someFile", generation: 1_718_000_000_000_123, metageneration: 3,
        size: 11, contentType: "text/plain", contentEncoding: "gzip", contentDisposition: "inline",
        contentLanguage: "fr", cacheControl: "no-cache", customMetadata: ["k": "v", "é": "\"quoted\"\n"],
        md5Hash: "XrY7u+Ae7tCTyyK7j1rNww==", crc32c: "yZRlqg==", etag: "6ZbQfpKNcybaYvMcIQ4HP0kytZM",
        timeCreated: Date(timeIntervalSince1970: 1_718_000_000.123),
        updated: Date(timeIntervalSince1970: 1_718_000_001.123),
        storageClass: "STANDARD", downloadTokens: ["t1", "t2"])

    static var bare: ObjectResource {
        var bare = sample
        bare.contentType = nil
        bare.contentEncoding = "identity"
        bare.contentDisposition = nil
        bare.contentLanguage = nil
        bare.cacheControl = nil
        bare.customMetadata = [:]
        bare.downloadTokens = []
        return bare
    }

    /// What the project's own driver sends: numbers for counts, `fullPath`, the writable fields by name.
    @Test func writesTheProtocolsMembers() {
        let head = [
            #""bucket":"demo-project.appspot.com""#, #""generation":1718000000000123"#, #""metageneration":3"#,
            #""size":11"#, #""fullPath":"dir/someFile""#, #""md5Hash":"XrY7u+Ae7tCTyyK7j1rNww==""#,
        ]
        let times = [#""timeCreated":"2024-06-10T06:13:20.123Z""#, #""updated":"2024-06-10T06:13:21.123Z""#]
        let full = [
            #""cacheControl":"no-cache""#, #""contentDisposition":"inline""#, #""contentEncoding":"gzip""#,
            #""contentLanguage":"fr""#, #""contentType":"text/plain""#,
        ]
        let custom = #""customMetadata":{"k":"v","é":"\"quoted\"\n"}"#
        #expect(
            DriverWire.metadata(StorageMetadata(resource: Self.sample)).text
                == "{\((head + full + times + [custom]).joined(separator: ","))}")
        #expect(
            DriverWire.metadata(StorageMetadata(resource: Self.bare)).text
                == "{\((head + [#""contentEncoding":"identity""#] + times).joined(separator: ","))}")
        #expect(
            DriverWire.uploadMetadata(StorageMetadata(resource: Self.sample)).text
                == "{\((full + [custom]).joined(separator: ","))}")
        #expect(
            DriverWire.uploadMetadata(StorageMetadata(resource: Self.bare)).text == #"{"contentEncoding":"identity"}"#)
        #expect(DriverWire.uploadMetadata(StorageMetadata()).text == "{}")
    }
}
